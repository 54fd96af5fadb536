import Foundation
import Testing

@testable import EmojiArtCore

/// Wheel, pinch and keys without a display (G2, G5, S1, S3, S5, S7, S8, U3).
@MainActor @Suite struct CanvasKeyAndZoomTests {
    @Test("Ctrl+scroll with nothing selected zooms by 1.1 per notch around the pointer (G2)", arguments: [-3.0, -1, 1, 2])
    func ctrlScrollZoomsView(notches: Double) {
        let canvas = makeCanvas()
        let anchor = ViewPoint(x: 600, y: 200)
        _ = canvas.pointerMoved(to: anchor)
        let under = canvas.documentPoint(for: anchor)
        let effects = canvas.scrolled(dx: 0, dy: notches, isWheel: true, modifiers: .control, time: 0)
        #expect(effects.contains(.viewportChanged) && effects.contains(.viewStepped))
        #expect(close(canvas.viewport.zoom, Viewport.clampedZoom(pow(1.1, -notches))))
        let after = canvas.documentPoint(for: anchor)
        #expect(close(after.x, under.x) && close(after.y, under.y), "the point under the pointer stays")
    }

    @Test("Ctrl+scroll with a selection resizes it and leaves the view; a burst is one Scale step (S3, U3)")
    func ctrlScrollResizesInBursts() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        for time in [0.0, 0.1, 0.2] { _ = canvas.scrolled(dx: 0, dy: -1, isWheel: true, modifiers: .control, time: time) }
        #expect(close(canvas.emoji("😀")!.size, 40 * pow(1.1, 3)))
        #expect(canvas.viewport == Viewport())
        _ = canvas.scrolled(dx: 0, dy: -1, isWheel: true, modifiers: .control, time: 1.0)  // after a pause
        canvas.document.undo()
        #expect(close(canvas.emoji("😀")!.size, 40 * pow(1.1, 3)), "the last burst alone")
        canvas.document.undo()
        #expect(close(canvas.emoji("😀")!.size, 40))
        #expect(!canvas.document.undoStack.canUndo)
    }

    @Test("plain scroll pans; Shift turns it sideways (G5)")
    func plainScrollPans() {
        let canvas = makeCanvas()
        _ = canvas.scrolled(dx: 0, dy: 1, isWheel: true, modifiers: [], time: 0)
        #expect(canvas.viewport.pan == ViewVector(dx: 0, dy: -40))
        _ = canvas.scrolled(dx: 0, dy: 1, isWheel: true, modifiers: .shift, time: 0)
        #expect(canvas.viewport.pan == ViewVector(dx: -40, dy: -40))
    }

    @Test("arrows pan 40 px with nothing selected, nudge 1 pt (10 with Shift) with a selection, one Move per burst (G5, S5, U3)")
    func arrows() {
        let canvas = makeCanvas()
        _ = canvas.key(.left, modifiers: [], time: 0)
        #expect(canvas.viewport.pan == ViewVector(dx: 40, dy: 0))
        canvas.click(canvas.view(0, 0))
        _ = canvas.key(.right, modifiers: [], time: 1)
        _ = canvas.key(.down, modifiers: .shift, time: 1.2)
        _ = canvas.key(.down, modifiers: [], time: 1.4)
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 1, y: 11))
        #expect(canvas.document.undoStack.undoCount == 1)
        #expect(canvas.document.undoStack.undoActionName == "Move")
    }

    @Test("Tab and Shift+Tab step through the emojis; past the end the selection clears and the key goes on (S1)")
    func tabSteps() {
        let canvas = makeCanvas()
        #expect(canvas.key(.tab, modifiers: [], time: 0) != nil)
        #expect(canvas.selection.ids == [canvas.id("😀")])
        _ = canvas.key(.tab, modifiers: [], time: 0)
        _ = canvas.key(.tab, modifiers: [], time: 0)
        #expect(canvas.selection.ids == [canvas.id("🐶")])
        #expect(canvas.key(.tab, modifiers: [], time: 0) == nil)
        #expect(canvas.selection.isEmpty)
        _ = canvas.key(.tab, modifiers: .shift, time: 0)
        #expect(canvas.selection.ids == [canvas.id("🐶")])
    }

    @Test("Escape clears the selection; with none it is not the canvas's key (S1)")
    func escape() {
        let canvas = makeCanvas()
        #expect(canvas.key(.escape, modifiers: [], time: 0) == nil)
        canvas.click(canvas.view(0, 0))
        #expect(canvas.key(.escape, modifiers: [], time: 0)?.contains(.selection) == true)
        #expect(canvas.selection.isEmpty)
    }

    @Test(
        "[ and ] turn by 15°, with Shift by 1°; < and > scale by 1.1; h flips (S8)",
        arguments: [
            (CanvasKey.rotateRight, CanvasModifiers(), 15.0, 40.0, false, "Rotate"),
            (.rotateLeft, CanvasModifiers(), -15, 40, false, "Rotate"),
            (.rotateRight, .shift, 1, 40, false, "Rotate"),
            (.rotateLeft, .shift, -1, 40, false, "Rotate"),
            (.scaleUp, CanvasModifiers(), 0, 44, false, "Scale"),
            (.scaleDown, CanvasModifiers(), 0, 40 / 1.1, false, "Scale"),
            (.flip, CanvasModifiers(), 0, 40, true, "Flip"),
        ])
    func transformKeys(
        key: CanvasKey, modifiers: CanvasModifiers, rotation: Double, size: Double, flipped: Bool, step: String
    ) {
        let canvas = makeCanvas()
        canvas.click(canvas.view(200, 0))
        _ = canvas.key(key, modifiers: modifiers, time: 0)
        let emoji = canvas.emoji("🌲")!
        #expect(close(emoji.rotation, rotation))
        #expect(close(emoji.size, size))
        #expect(emoji.flipped == flipped)
        #expect(emoji.position == DocumentPoint(x: 200, y: 0), "a lone emoji turns and scales in place")
        #expect(canvas.document.undoStack.undoActionName == step)
    }

    @Test("flipping a group mirrors positions about its centre and reverses turns (S8)")
    func flipGroup() {
        let canvas = makeCanvas([("😀", 0, 0), ("🌲", 100, 0)])
        _ = canvas.selectAll()
        _ = canvas.rotateSelection(by: 30)
        _ = canvas.flipSelection()
        let smile = canvas.emoji("😀")!
        #expect(close(smile.rotation, -30))
        #expect(smile.flipped)
        _ = canvas.flipSelection()
        #expect(close(canvas.emoji("😀")!.rotation, 30))
        #expect(!canvas.emoji("😀")!.flipped)
    }

    @Test("a pinch zooms the view without a selection; two fingers scale and turn a selection as one step (G2, S8)")
    func pinch() {
        let canvas = makeCanvas()
        _ = canvas.pinchBegan(at: ViewPoint(x: 400, y: 300))
        _ = canvas.pinchScaled(to: 2)
        _ = canvas.pinchRotated(to: 45)  // ignored: the view never turns
        #expect(canvas.isInteractive)
        _ = canvas.pinchEnded()
        #expect(close(canvas.viewport.zoom, 2))
        #expect(canvas.document.model.emojis.allSatisfy { $0.rotation == 0 })

        canvas.click(canvas.view(200, 0))
        _ = canvas.pinchBegan(at: ViewPoint(x: 400, y: 300))
        _ = canvas.pinchScaled(to: 1.5)
        _ = canvas.pinchRotated(to: 20)
        _ = canvas.pinchScaled(to: 2)
        _ = canvas.pinchEnded()
        let tree = canvas.emoji("🌲")!
        #expect(close(tree.size, 80))
        #expect(close(tree.rotation, 20))
        #expect(canvas.document.undoStack.undoCount == 1)
        canvas.document.undo()
        #expect(canvas.emoji("🌲")!.size == 40 && canvas.emoji("🌲")!.rotation == 0)
    }

    @Test(
        "stacking keys move past the next overlapping emoji and name their steps (S7)",
        arguments: [
            (CanvasKey.home, "😀", String?("Bring to Front"), ["🌲", "🐶", "😀"]),
            (.end, "😀", "Send to Back", ["😀", "🌲", "🐶"]),
            (.pageDown, "😀", "Send Backward", ["😀", "🌲", "🐶"]),
            (.pageUp, "🌲", "Bring Forward", ["😀", "🌲", "🐶"]),
            (.pageUp, "😀", String?.none, ["🌲", "😀", "🐶"]),  // 🐶 above it does not overlap it: nothing to pass
        ])
    func stackingKeys(key: CanvasKey, selected: String, step: String?, order: [String]) {
        // 🌲 overlaps 😀 and 🐶; 😀 and 🐶 do not overlap each other.
        let canvas = makeCanvas([("🌲", 0, 0), ("😀", 30, 0), ("🐶", -30, 0)], size: 40)
        let original = canvas.document.model.emojis.map(\.text)
        canvas.click(canvas.view(selected == "😀" ? 40 : -5, 0))
        #expect(canvas.selection.ids == [canvas.id(selected)])
        _ = canvas.key(key, modifiers: [], time: 0)
        #expect(canvas.document.model.emojis.map(\.text) == order)
        #expect(canvas.document.undoStack.undoActionName == step)
        canvas.document.undo()
        #expect(canvas.document.model.emojis.map(\.text) == original, "undo restores the order exactly")
    }
}
