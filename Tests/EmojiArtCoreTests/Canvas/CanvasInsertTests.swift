import Foundation
import Testing

@testable import EmojiArtCore

/// Emojis added one at a time — a palette click (P1), text pasted from another app (D5, S6), a
/// drop (D1): each is selected once added, and repeated inserts at one spot stay in sight.
@MainActor @Suite struct CanvasInsertTests {
    @Test("palette clicks add at the view's centre, each selected, each 10 px further right and down on screen", arguments: [1.0, 2.5])
    func repeatedPaletteClicks(zoom: Double) {
        let canvas = makeCanvas([])
        _ = canvas.zoomViewAroundCenter(by: zoom)
        var drawn: [ViewPoint] = []
        for emoji in ["🐱", "🐱", "🐶"] {
            let effects = canvas.addEmojiAtCenter(emoji)
            #expect(effects.isSuperset(of: [.emojiAdded, .selection, .redraw]))
            let added = canvas.document.model.emojis.last!
            #expect(canvas.selection.ids == [added.id], "the emoji just added is the selection")
            drawn.append(canvas.effectiveViewport.viewPoint(for: added.position, in: canvas.viewSize))
        }
        for (index, point) in drawn.enumerated() {
            #expect(close(point.x, 400 + 10 * Double(index), within: 1e-9) && close(point.y, 300 + 10 * Double(index), within: 1e-9))
        }
        #expect(canvas.document.model.emojis.allSatisfy { close($0.size * zoom, 40) })
    }

    @Test("a click after the view moved lands at the new centre, not after the last one")
    func clickAfterPanStartsAgain() {
        let canvas = makeCanvas([])
        _ = canvas.addEmojiAtCenter("🐱")
        _ = canvas.pan(by: ViewVector(dx: 100, dy: 0))
        _ = canvas.addEmojiAtCenter("🐱")
        let second = canvas.document.model.emojis.last!
        #expect(canvas.effectiveViewport.viewPoint(for: second.position, in: canvas.viewSize) == ViewPoint(x: 400, y: 300))
    }

    @Test("emoji text pasted from another app lands under the pointer over the canvas, else at the centre, and is selected")
    func pastedTextFollowsThePointer() {
        let canvas = makeCanvas([])
        _ = canvas.pointerMoved(to: ViewPoint(x: 120, y: 80))
        let response = canvas.accept(.emoji("🦊"), at: nil, from: .paste)
        #expect(response.effects.contains(.selection))
        let fox = canvas.document.model.emojis.last!
        #expect(canvas.effectiveViewport.viewPoint(for: fox.position, in: canvas.viewSize) == ViewPoint(x: 120, y: 80))
        #expect(canvas.selection.ids == [fox.id])

        _ = canvas.pointerMoved(to: nil)
        _ = canvas.accept(.emoji("🐸"), at: nil, from: .paste)
        let frog = canvas.document.model.emojis.last!
        #expect(canvas.effectiveViewport.viewPoint(for: frog.position, in: canvas.viewSize) == ViewPoint(x: 400, y: 300))
        #expect(canvas.selection.ids == [frog.id])
    }

    @Test("a dropped emoji is selected, and one undo takes it away")
    func droppedEmojiIsSelected() {
        let canvas = makeCanvas()
        _ = canvas.accept(.emoji("🦊"), at: ViewPoint(x: 10, y: 10), from: .drop)
        let fox = canvas.document.model.emojis.last!
        #expect(fox.text == "🦊" && canvas.selection.ids == [fox.id])
        _ = canvas.perform(.undo)
        _ = canvas.documentChanged(.emojis, loadedBackground: nil)  // as the window reports every change
        #expect(!canvas.document.model.emojis.contains { $0.text == "🦊" })
        #expect(canvas.selection.isEmpty, "the selection lets go of what undo removed")
    }
}
