import CGtk
import EmojiArtRender
import Foundation

/// Measures how long the main thread goes without running GLib timers: the longest stall is
/// what a user feels as a frozen window. Enabled by `EMOJIART_STALL_REPORT=<file>`; the longest
/// gap (in milliseconds) after the first `startupSeconds` (building the first window) is written
/// there when the application ends, and each gap of 8 ms or more goes to the launch trace as it
/// happens. Used to check B1 with large images and H1's versions; off otherwise.
@MainActor
final class StallMonitor {
    /// The timer's period: a gap longer than this is time the main loop was busy elsewhere.
    private static let periodMilliseconds: UInt32 = 5
    /// Gaps before this much time has passed belong to start-up, not to loading.
    private static let startupSeconds = 1.0
    /// Gaps from this long on are traced one by one: half a 60 Hz frame.
    private static let tracedGap = Duration.milliseconds(8)

    private let reportURL: URL
    private let started = ContinuousClock.now
    private var last = ContinuousClock.now
    private(set) var longestStall = Duration.zero

    private init(reportURL: URL) {
        self.reportURL = reportURL
    }

    /// Starts monitoring when the environment asks for it.
    static func startIfRequested(environment: [String: String] = ProcessInfo.processInfo.environment) -> StallMonitor? {
        guard let path = environment["EMOJIART_STALL_REPORT"], !path.isEmpty else { return nil }
        let monitor = StallMonitor(reportURL: URL(fileURLWithPath: path))
        let context = Unmanaged.passRetained(monitor).toOpaque()
        g_timeout_add_full(G_PRIORITY_DEFAULT, periodMilliseconds, stallTick, context, releaseMonitor)
        return monitor
    }

    fileprivate func tick() {
        let now = ContinuousClock.now
        let gap = now - last
        if last - started >= .seconds(Self.startupSeconds) { longestStall = max(longestStall, gap) }
        if gap >= Self.tracedGap {
            LaunchTrace.mark("stall", ["gap-us": Int(gap.components.seconds * 1_000_000 + gap.components.attoseconds / 1_000_000_000_000)])
        }
        last = now
    }

    func writeReport() {
        let milliseconds = Double(longestStall.components.seconds) * 1000 + Double(longestStall.components.attoseconds) / 1e15
        try? Data(String(format: "%.1f\n", milliseconds).utf8).write(to: reportURL)
    }
}

private let stallTick: GSourceFunc = { data in
    guard let data else { return 0 }
    let monitor = Unmanaged<StallMonitor>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { monitor.tick() }
    return 1  // G_SOURCE_CONTINUE
}

private let releaseMonitor: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<StallMonitor>.fromOpaque(data).release()
}
