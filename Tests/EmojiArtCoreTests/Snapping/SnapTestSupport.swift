@testable import EmojiArtCore

/// Frames and targets for the snapping tests, in document points.
enum SnapFixtures {
    /// A view wide enough to see every frame the tests place.
    static let wholeView = DocumentRect(minX: -10_000, minY: -10_000, maxX: 10_000, maxY: 10_000)

    static func frame(x: Double, y: Double, width: Double, height: Double) -> DocumentRect {
        DocumentRect(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    /// Targets from `frames`, all in view.
    static func targets(_ frames: DocumentRect..., background: DocumentRect? = nil) -> SnapTargets {
        SnapTargets(frames: frames, background: background, visibleRect: wholeView)
    }
}
