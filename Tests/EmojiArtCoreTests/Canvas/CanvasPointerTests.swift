import Foundation
import Testing

@testable import EmojiArtCore

/// Clicks, drags, the rubber band and the frame's handles, without a display (G1, G3, S1, S2,
/// S5, S8, U3).
@MainActor @Suite struct CanvasPointerTests {
    @Test("a click selects an emoji alone; a click on empty canvas clears (S1)")
    func clickSelects() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        #expect(canvas.selection.ids == [canvas.id("😀")])
        canvas.click(canvas.view(200, 0))
        #expect(canvas.selection.ids == [canvas.id("🌲")])
        canvas.click(canvas.view(100, -200))
        #expect(canvas.selection.isEmpty)
    }

    @Test("Shift- or Ctrl-click toggles one emoji in and out (S1)", arguments: [CanvasModifiers.shift, .control])
    func modifierClickToggles(modifier: CanvasModifiers) {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        canvas.click(canvas.view(200, 0), modifiers: modifier)
        #expect(canvas.selection.ids == [canvas.id("😀"), canvas.id("🌲")])
        canvas.click(canvas.view(0, 0), modifiers: modifier)
        #expect(canvas.selection.ids == [canvas.id("🌲")])
    }

    @Test("dragging a selected emoji moves the whole selection as one undo step named Move (S2, U3)")
    func dragMovesSelection() {
        let canvas = makeCanvas()
        _ = canvas.selectAll()
        canvas.drag(from: canvas.view(0, 0), by: ViewVector(dx: 30, dy: -10))
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 30, y: -10))
        #expect(canvas.emoji("🐶")?.position == DocumentPoint(x: -170, y: 90))
        #expect(canvas.document.undoStack.undoCount == 1)
        #expect(canvas.document.undoStack.undoActionName == "Move")
        canvas.document.undo()
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 0, y: 0))
    }

    @Test("dragging an unselected emoji moves just that one, at any zoom (S2, G4)", arguments: [0.5, 1, 2.5])
    func dragMovesOne(zoom: Double) {
        let canvas = makeCanvas()
        _ = canvas.zoomViewAroundCenter(by: zoom)
        canvas.click(canvas.view(200, 0))
        canvas.drag(from: canvas.view(0, 0), by: ViewVector(dx: 50, dy: 0))
        #expect(close(canvas.emoji("😀")!.position.x, 50 / zoom))
        #expect(canvas.emoji("🌲")?.position == DocumentPoint(x: 200, y: 0))
    }

    @Test("a drag on empty canvas pans the view; the document is unchanged (G3)")
    func dragPans() {
        let canvas = makeCanvas()
        let before = canvas.document.model
        canvas.drag(from: canvas.view(100, -200), by: ViewVector(dx: -40, dy: 25))
        #expect(canvas.viewport.pan == ViewVector(dx: -40, dy: 25))
        #expect(canvas.document.model == before)
        #expect(!canvas.isInteractive)
    }

    @Test("a pan reports the viewport change and runs interactively while it lasts (W4, performance)")
    func panEffects() {
        let canvas = makeCanvas()
        let start = canvas.view(100, -200)
        _ = canvas.dragBegan(at: start, modifiers: [])
        #expect(canvas.cursor == .grabbing)
        #expect(canvas.dragUpdated(offset: ViewVector(dx: 5, dy: 5), modifiers: []).contains(.redraw))
        #expect(canvas.isInteractive)
        #expect(canvas.dragEnded(offset: ViewVector(dx: 9, dy: 9), modifiers: []).contains(.viewportChanged))
    }

    @Test("double-click on empty canvas fits the emojis' bounds; on an emoji it does nothing (G1)")
    func doubleClickFits() {
        let canvas = makeCanvas()
        #expect(canvas.press(count: 2, at: canvas.view(0, 0), modifiers: []).isEmpty)
        let effects = canvas.press(count: 2, at: canvas.view(100, -200), modifiers: [])
        #expect(effects.contains(.viewportChanged))
        let bounds = canvas.document.model.emojiBounds!
        #expect(canvas.viewport == Viewport().fitting(bounds, in: canvas.viewSize))
    }

    @Test("Shift+drag from empty canvas draws a rubber band; what it touches joins the selection on release (S5)")
    func rubberBand() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(-200, 100))
        let start = canvas.view(-30, -30)
        _ = canvas.press(count: 1, at: start, modifiers: .shift)
        _ = canvas.dragBegan(at: start, modifiers: .shift)
        _ = canvas.dragUpdated(offset: ViewVector(dx: 200, dy: 40), modifiers: .shift)
        #expect(canvas.rubberBand == ViewRect(minX: start.x, minY: start.y, maxX: start.x + 200, maxY: start.y + 40))
        #expect(canvas.selection.ids == [canvas.id("🐶")], "the band selects only when released")
        _ = canvas.dragEnded(offset: ViewVector(dx: 220, dy: 40), modifiers: .shift)
        #expect(canvas.rubberBand == nil)
        #expect(canvas.selection.ids == [canvas.id("😀"), canvas.id("🌲"), canvas.id("🐶")])
        #expect(canvas.viewport == Viewport(), "a rubber band never pans")
    }

    @Test("a corner handle scales the selection about the opposite corner, one Scale step (S8)")
    func cornerHandleScales() {
        let canvas = makeCanvas([("😀", 0, 0)], size: 100)
        canvas.click(canvas.view(0, 0))
        let frame = try! #require(canvas.selectionFrame)
        let corner = frame.center(of: .bottomRight)
        let opposite = frame.center(of: .topLeft)
        #expect(canvas.pointerMoved(to: corner).contains(.cursor))
        #expect(canvas.cursor == .nwseResize)
        // Drag the corner to twice its distance from the opposite one.
        canvas.drag(from: corner, by: ViewVector(dx: corner.x - opposite.x, dy: corner.y - opposite.y))
        let emoji = canvas.emoji("😀")!
        #expect(close(emoji.size, 200))
        let pivot = canvas.viewport.documentPoint(for: opposite, in: canvas.viewSize)
        #expect(close(emoji.position.x, pivot.x + 2 * (0 - pivot.x)))
        #expect(canvas.selection.ids == [emoji.id], "a handle press keeps the selection")
        #expect(canvas.document.undoStack.undoActionName == "Scale")
        #expect(canvas.document.undoStack.undoCount == 1)
    }

    @Test(
        "the rotate handle turns the selection about its centre; Shift snaps to 15° (S8)",
        arguments: [
            (false, 30.0), (true, 30.0), (true, 37.0),
        ])
    func rotateHandle(snaps: Bool, degrees: Double) {
        let canvas = makeCanvas([("😀", 0, 0), ("🌲", 100, 0)])
        _ = canvas.selectAll()
        let frame = canvas.selectionFrame!
        let handle = frame.center(of: .rotate)
        let center = frame.rect.center
        let radius = center.y - handle.y
        let radians = degrees * .pi / 180
        let target = ViewPoint(x: center.x + radius * sin(radians), y: center.y - radius * cos(radians))
        canvas.drag(from: handle, by: target.vector(from: handle), modifiers: snaps ? .shift : [])
        let expected = snaps ? (degrees / 15).rounded() * 15 : degrees
        #expect(close(canvas.emoji("😀")!.rotation, expected, within: 1e-6))
        #expect(close(canvas.emoji("🌲")!.rotation, expected, within: 1e-6))
        #expect(canvas.document.undoStack.undoActionName == "Rotate")
    }

    @Test("a Delete pressed during a drag is its own step, after the drag so far (U3)")
    func deleteDuringDrag() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 10, dy: 0), modifiers: [])
        _ = canvas.press(count: 1, at: canvas.view(200, 0), modifiers: .shift)
        _ = canvas.deleteSelection()
        _ = canvas.dragEnded(offset: ViewVector(dx: 20, dy: 0), modifiers: [])
        #expect(canvas.document.undoStack.undoActionName == "Delete")
        canvas.document.undo()
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 10, y: 0), "the Delete alone is undone")
        #expect(canvas.emoji("🌲") != nil)
        #expect(canvas.document.undoStack.undoActionName == "Move")
        canvas.document.undo()
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 0, y: 0))
    }

    @Test("the cursor: move over a selected emoji, default elsewhere, resize over a corner (X3, S8)")
    func cursors() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        _ = canvas.pointerMoved(to: canvas.view(0, 0))
        #expect(canvas.cursor == .move)
        _ = canvas.pointerMoved(to: canvas.view(200, 0))
        #expect(canvas.cursor == .standard)
        _ = canvas.pointerMoved(to: canvas.selectionFrame!.center(of: .topRight))
        #expect(canvas.cursor == .neswResize)
        _ = canvas.pointerMoved(to: canvas.selectionFrame!.center(of: .rotate))
        #expect(canvas.cursor == .grab)
    }
}
