import CBenchmarkPangoCairo
import EmojiArtCore
import EmojiArtRender
import Foundation

/// A named benchmark, run in a process of its own.
struct Workload: Sendable {
    var name: String
    var run: @Sendable () async throws -> [Row]

    static let all: [Workload] = [
        Workload(name: "open", run: OpenBenchmarks.run),
        Workload(name: "undo", run: { await UndoBenchmarks.run() }),
        Workload(name: "frames", run: { FrameBenchmarks.run() }),
        Workload(name: "snap", run: { SnapBenchmarks.run() }),
        Workload(name: "search", run: { SearchBenchmarks.run() }),
        Workload(name: "export", run: ExportBenchmarks.run),
        Workload(name: "launch", run: LaunchBenchmarks.run),
        Workload(name: "zoom", run: ZoomStepBenchmarks.run),
        Workload(name: "gestures", run: GestureBenchmarks.run),
        Workload(name: "versions", run: VersionStallBenchmarks.run),
        Workload(name: "collab", run: CollabBenchmarks.run),
        Workload(name: "web", run: WebClientBenchmarks.run),
        Workload(name: "relay-peer", run: RelayPeerBenchmarks.run),
    ]
}

func milliseconds(_ value: Double) -> String {
    String(format: value < 10 ? "%.2f ms" : "%.1f ms", value)
}
