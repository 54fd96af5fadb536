import Foundation
import Testing

@testable import EmojiArtCore

/// Touch on the canvas (X8), as GTK delivers it: a finger is a press and a drag
/// (GtkGestureClick, GtkGestureDrag), two fingers add a pinch (GtkGestureZoom) beside the first
/// finger's drag, and a resting finger a long press (GtkGestureLongPress) before its drag is
/// cancelled. Neither Xvfb nor weston's headless backend can inject touch here (no uinput), so
/// these synthetic sequences are how touch is tested.
@MainActor
@Suite("Touch sequences on the canvas")
struct CanvasTouchTests {
    @Test("one finger on an emoji moves it, as one Move")
    func oneFingerMoves() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        for step in 1...10 { _ = canvas.dragUpdated(offset: ViewVector(dx: Double(step) * 6, dy: 0), modifiers: []) }
        _ = canvas.dragEnded(offset: ViewVector(dx: 60, dy: 0), modifiers: [])
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 60, y: 0))
        #expect(canvas.document.undoStack.undoCount == 1)
        #expect(canvas.document.undoStack.undoActionName == "Move")
    }

    @Test("one finger on the empty canvas pans, and edits nothing")
    func oneFingerPans() {
        let canvas = makeCanvas()
        let start = ViewPoint(x: 700, y: 550)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: -30, dy: -20), modifiers: [])
        _ = canvas.dragEnded(offset: ViewVector(dx: -50, dy: -40), modifiers: [])
        #expect(canvas.view(0, 0) == ViewPoint(x: 350, y: 260))
        #expect(!canvas.document.undoStack.canUndo)
    }

    @Test("two fingers on the empty canvas zoom around them while the first one pans")
    func twoFingersZoomTheView() {
        let canvas = makeCanvas()
        let first = ViewPoint(x: 700, y: 500)
        _ = canvas.press(count: 1, at: first, modifiers: [])
        _ = canvas.dragBegan(at: first, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 2, dy: 0), modifiers: [])
        _ = canvas.pinchBegan(at: ViewPoint(x: 400, y: 300))
        _ = canvas.pinchScaled(to: 1.5)
        _ = canvas.dragUpdated(offset: ViewVector(dx: 0, dy: 0), modifiers: [])
        _ = canvas.pinchScaled(to: 2)
        _ = canvas.pinchEnded()
        _ = canvas.dragEnded(offset: ViewVector(dx: 0, dy: 0), modifiers: [])
        #expect(close(canvas.viewport.zoom, 2))
        #expect(canvas.view(0, 0) == ViewPoint(x: 400, y: 300))  // the fingers' centre stayed put
        #expect(canvas.selection.ids.isEmpty)
        #expect(!canvas.document.undoStack.canUndo)
    }

    @Test("a second finger soon after the first landed on an emoji scales that emoji, not a move and a scale")
    func secondFingerTakesOverAMove() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        let original = canvas.emoji("😀")!
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 3, dy: 2), modifiers: [])  // the finger settling
        _ = canvas.pinchBegan(at: start)
        _ = canvas.pinchScaled(to: 2)
        _ = canvas.dragUpdated(offset: ViewVector(dx: -20, dy: -20), modifiers: [])  // the first finger spreading
        _ = canvas.pinchEnded()
        _ = canvas.dragEnded(offset: ViewVector(dx: -20, dy: -20), modifiers: [])
        let scaled = canvas.emoji("😀")!
        #expect(scaled.size == original.size * 2)
        #expect(scaled.position == original.position)  // scaled about its own centre, not moved
        #expect(canvas.selection.ids == [original.id])
        #expect(canvas.document.undoStack.undoCount == 1)
        #expect(canvas.document.undoStack.undoActionName == "Scale")
        canvas.document.undo()
        #expect(canvas.emoji("😀") == original)
    }

    @Test("a second finger after the first has dragged an emoji away leaves the drag be")
    func secondFingerLateLeavesTheDrag() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: CanvasInteraction.touchSlop, dy: 0), modifiers: [])
        _ = canvas.pinchBegan(at: start)
        _ = canvas.pinchScaled(to: 2)
        _ = canvas.pinchEnded()
        _ = canvas.dragEnded(offset: ViewVector(dx: 30, dy: 0), modifiers: [])
        #expect(canvas.emoji("😀")?.size == 40)
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 30, y: 0))
        #expect(canvas.document.undoStack.undoActionName == "Move")
    }

    @Test("a long press on an emoji selects it for the menu and leaves it where it was, with nothing to undo")
    func longPressOnAnEmoji() {
        let canvas = makeCanvas()
        let start = canvas.view(200, 0)
        let original = canvas.emoji("🌲")!
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 2, dy: -1), modifiers: [])  // a trembling finger
        #expect(canvas.emoji("🌲")?.position != original.position)
        let effects = canvas.longPressed(at: start.offset(by: ViewVector(dx: 2, dy: -1)))
        #expect(effects.contains(.redraw))
        // The menu's popover takes the grab: GTK cancels the drag, which ends where it was.
        _ = canvas.dragEnded(offset: ViewVector(dx: 2, dy: -1), modifiers: [])
        #expect(canvas.emoji("🌲") == original)
        #expect(canvas.selection.ids == [original.id])
        #expect(!canvas.document.undoStack.canUndo)
        #expect(!canvas.document.hasUnsavedChanges)
    }

    @Test("a long press on the empty canvas leaves the view where it was")
    func longPressOnTheCanvas() {
        let canvas = makeCanvas()
        let start = ViewPoint(x: 700, y: 550)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 3, dy: 3), modifiers: [])
        _ = canvas.longPressed(at: start)
        _ = canvas.dragEnded(offset: ViewVector(dx: 3, dy: 3), modifiers: [])
        #expect(canvas.view(0, 0) == ViewPoint(x: 400, y: 300))
    }

    @Test("a drag that comes back to where it began leaves no step")
    func dragBackLeavesNoStep() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 40, dy: 0), modifiers: [])
        _ = canvas.dragEnded(offset: .zero, modifiers: [])
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 0, y: 0))
        #expect(!canvas.document.undoStack.canUndo)
    }
}
