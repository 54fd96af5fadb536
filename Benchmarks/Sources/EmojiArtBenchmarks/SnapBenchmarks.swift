import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// Snapping a drag (R1, target ≤ 1 ms a frame) on the 10k art and on a user-shaped drawing of
/// 10,000 emojis, all in view at zoom 1 so every emoji is a target: one emoji dragged along a
/// path of 1,000 frames across the art, each snapped with the targets built once at the drag's
/// start; next to the same frames answered by a scan of every target line (`LinearSnapScan`),
/// in the same run; and the build itself, which a drag pays once.
enum SnapBenchmarks {
    static let viewSize = ViewSize(width: 1920, height: 1080)

    @Sendable static func run() -> [Row] {
        rows(Workloads.model(emojiCount: 10_000), named: "10k art")
            + rows(UserShapedArt.model(emojiCount: 10_000), named: "user-shaped 10k")
    }

    private static func rows(_ model: EmojiArtModel, named name: String) -> [Row] {
        let viewport = Viewport()
        let visible = viewport.documentRect(
            for: ViewRect(minX: 0, minY: 0, maxX: viewSize.width, maxY: viewSize.height), in: viewSize)
        let background = DocumentRect(center: .zero, size: DocumentSize(width: 1920, height: 1080))
        let tolerance = SnapTargets.tolerance(atZoom: viewport.zoom)
        let dragged = model.emojis[model.emojis.count / 2]
        func makeTargets() -> SnapTargets {
            SnapTargets(emojis: model.emojis, moving: [dragged.id], background: background, visibleRect: visible)
        }

        var targets = makeTargets()
        let build = Measure.bestMilliseconds(runs: 15) { targets = makeTargets() }

        // The dragged emoji's box moved from the art's top-left to its bottom-right.
        let start = dragged.boundingBox
        let frames = (0..<1_000).map { step in
            let dx = Double(step) * 1.9 - 950 - start.center.x
            let dy = Double(step) * 1.05 - 525 - start.center.y
            return DocumentRect(minX: start.minX + dx, minY: start.minY + dy, maxX: start.maxX + dx, maxY: start.maxY + dy)
        }
        var snappedCount = 0
        let indexedBatch = Measure.bestMilliseconds(runs: 15) {
            snappedCount = frames.reduce(0) { count, frame in
                count + (targets.snap(frame, tolerance: tolerance).guides.isEmpty ? 0 : 1)
            }
        }
        // The dearest frame of the path, each frame timed alone as the best of 5 passes (a single
        // pass on a shared machine reports whichever frame the scheduler interrupted).
        var bestPerFrame = [Double](repeating: .infinity, count: frames.count)
        for _ in 0..<5 {
            for (index, frame) in frames.enumerated() {
                bestPerFrame[index] = min(bestPerFrame[index], Measure.milliseconds { _ = targets.snap(frame, tolerance: tolerance) })
            }
        }
        let slowest = bestPerFrame.max() ?? 0

        let scan = LinearSnapScan(
            frames: model.emojis.filter { $0.id != dragged.id }.map(\.boundingBox), background: background, visibleRect: visible)
        let scanned = Array(frames.prefix(50))
        var disagreements = 0
        let scanBatch = Measure.bestMilliseconds(runs: 3) {
            disagreements =
                scanned.filter { frame in
                    scan.snap(frame, edges: .all, tolerance: tolerance) != targets.snap(frame, tolerance: tolerance)
                }.count
        }

        let perFrame = indexedBatch / Double(frames.count)
        let scanPerFrame = scanBatch / Double(scanned.count)
        return [
            Row(
                name: "snap one drag frame, \(name)", value: String(format: "%.2f µs", perFrame * 1000),
                note: String(
                    format:
                        "target ≤ 1 ms; dearest of the 1,000: %.1f µs; %d of them snapped; a scan of every line: %.2f ms (%.0f× slower, %d of 50 answers differ)",
                    slowest * 1000, snappedCount, scanPerFrame, scanPerFrame / perFrame, disagreements)),
            Row(
                name: "  its targets, built once at the drag's start", value: milliseconds(build),
                note: "every emoji in view but the dragged one, the background, the origin"),
        ]
    }
}
