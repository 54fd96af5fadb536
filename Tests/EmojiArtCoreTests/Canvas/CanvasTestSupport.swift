import Foundation

@testable import EmojiArtCore

/// A document with emojis at known places and a canvas of 800×600 at zoom 1: document (0, 0)
/// is view (400, 300).
@MainActor
func makeCanvas(
    _ emojis: [(String, Double, Double)] = [("😀", 0, 0), ("🌲", 200, 0), ("🐶", -200, 100)],
    size: Double = 40
) -> CanvasInteraction {
    var model = EmojiArtModel()
    for (text, x, y) in emojis { model.addEmoji(text, at: DocumentPoint(x: x, y: y), size: size) }
    let canvas = CanvasInteraction(document: EmojiArtDocument(model: model))
    _ = canvas.resized(to: ViewSize(width: 800, height: 600))
    return canvas
}

extension CanvasInteraction {
    /// The view point of a document point, as drawn now.
    func view(_ x: Double, _ y: Double) -> ViewPoint {
        effectiveViewport.viewPoint(for: DocumentPoint(x: x, y: y), in: viewSize)
    }

    func emoji(_ text: String) -> Emoji? {
        document.model.emojis.first { $0.text == text }
    }

    func id(_ text: String) -> Int { emoji(text)!.id }

    /// A whole drag from `start` by `offset`, as GTK reports it.
    func drag(from start: ViewPoint, by offset: ViewVector, modifiers: CanvasModifiers = []) {
        _ = press(count: 1, at: start, modifiers: modifiers)
        _ = dragBegan(at: start, modifiers: modifiers)
        _ = dragUpdated(offset: ViewVector(dx: offset.dx / 2, dy: offset.dy / 2), modifiers: modifiers)
        _ = dragEnded(offset: offset, modifiers: modifiers)
    }

    func click(_ point: ViewPoint, modifiers: CanvasModifiers = []) {
        drag(from: point, by: .zero, modifiers: modifiers)
    }
}

func close(_ a: Double, _ b: Double, within tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

extension CanvasInteraction {
    /// The background loader reports an image of this frame (nil: none).
    @discardableResult
    func backgroundArrived(frame: DocumentRect?) -> CanvasResponse {
        backgroundLoaderChanged(status: .idle, frame: frame, embeddedImageError: nil)
    }

    /// The background loader reports that fetching `url` failed (B4).
    func backgroundFailed(url: URL = URL(string: "https://example.com/a.png")!) {
        _ = backgroundLoaderChanged(status: .failed(url: url, error: .notAnImage), frame: nil, embeddedImageError: nil)
    }
}
