import Foundation
import Testing

@testable import EmojiArtCore

/// R1 on the canvas: a dragged or corner-scaled selection snaps to other things' lines within
/// 6 px on screen, with guides while it does; Alt or "Snap to Objects" off turn it off.
@MainActor @Suite struct CanvasSnappingTests {
    @Test("a dragged emoji snaps to another's centre line, shows a guide while it does, and keeps no guide after")
    func snapsToCentreLine() {
        let canvas = makeCanvas()
        let start = canvas.view(0, 0)
        _ = canvas.press(count: 1, at: start, modifiers: [])
        _ = canvas.dragBegan(at: start, modifiers: [])
        _ = canvas.dragUpdated(offset: ViewVector(dx: 197, dy: 50), modifiers: [])
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 200, y: 50))
        #expect(canvas.snapGuides.contains { $0.orientation == .vertical && $0.position == 200 })
        _ = canvas.dragEnded(offset: ViewVector(dx: 197, dy: 50), modifiers: [])
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 200, y: 50))
        #expect(canvas.snapGuides.isEmpty)
        #expect(canvas.document.undoStack.undoCount == 1)
    }

    @Test("beyond 6 px on screen nothing snaps; the reach is on screen, so it shrinks in points as the view zooms in")
    func toleranceOnScreen() {
        let canvas = makeCanvas()
        canvas.drag(from: canvas.view(0, 0), by: ViewVector(dx: 192, dy: 50))
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 192, y: 50))
        let zoomed = makeCanvas()
        _ = zoomed.zoomViewAroundCenter(by: 2)
        zoomed.drag(from: zoomed.view(0, 0), by: ViewVector(dx: 2 * 196, dy: 100))
        #expect(zoomed.emoji("😀")?.position == DocumentPoint(x: 196, y: 50), "4 pt is 8 px at zoom 2: out of reach")
    }

    @Test("Alt during the drag, or Snap to Objects off, leaves the drag where the pointer puts it")
    func altOrPreferenceTurnsItOff() {
        let canvas = makeCanvas()
        canvas.drag(from: canvas.view(0, 0), by: ViewVector(dx: 197, dy: 50), modifiers: .alt)
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 197, y: 50))
        let off = makeCanvas()
        _ = off.setSnapsToObjects(false)
        off.drag(from: off.view(0, 0), by: ViewVector(dx: 197, dy: 50))
        #expect(off.emoji("😀")?.position == DocumentPoint(x: 197, y: 50))
    }

    @Test("snapping never moves what is not dragged, and a nudge does not snap")
    func onlyTheDraggedMove() {
        let canvas = makeCanvas()
        let before = canvas.document.model.emojis.filter { $0.text != "😀" }
        canvas.drag(from: canvas.view(0, 0), by: ViewVector(dx: 197, dy: 50))
        #expect(canvas.document.model.emojis.filter { $0.text != "😀" } == before)
        _ = canvas.key(.right, modifiers: [], time: 10)
        #expect(canvas.emoji("😀")?.position == DocumentPoint(x: 201, y: 50))
    }

    @Test("a corner drag snaps the moving edge to a line and scales about the opposite corner")
    func cornerSnaps() throws {
        let canvas = makeCanvas([("😀", 0, 0), ("🌲", 100, 0)])
        _ = canvas.press(count: 1, at: canvas.view(0, 0), modifiers: [])
        let frame = try #require(canvas.selectionFrame)
        let corner = frame.center(of: .bottomRight)
        _ = canvas.dragBegan(at: corner, modifiers: [])
        // The frame's corners are 4 px outside the emoji's: the pivot is (−24, −24) and the right
        // edge reaches −24 + 44·s, s = 1 + 62 / 48 — 76.8, within reach of 🌲's left line at 80.
        _ = canvas.dragUpdated(offset: ViewVector(dx: 62, dy: 62), modifiers: [])
        let box = try #require(canvas.emoji("😀")?.boundingBox)
        #expect(abs(box.maxX - 80) < 1e-9, "the right edge landed on 🌲's left line, at \(box.maxX)")
        let scale = (80.0 + 24) / 44
        #expect(abs(box.minX - (-24 + 4 * scale)) < 1e-9, "scaled about the opposite corner")
        #expect(canvas.snapGuides.contains { $0.orientation == .vertical && $0.position == 80 })
        _ = canvas.dragEnded(offset: ViewVector(dx: 62, dy: 62), modifiers: [])
        #expect(abs((canvas.emoji("😀")?.size ?? 0) - 40 * scale) < 1e-9)
    }
}

extension CanvasSnappingTests {
    @Test("a click near a line moves nothing: only a drag that moved snaps")
    func clickDoesNotSnap() {
        let canvas = makeCanvas([("😀", 0, 0), ("🌲", 203, 0)])
        canvas.click(canvas.view(203, 0))
        #expect(canvas.emoji("🌲")?.position == DocumentPoint(x: 203, y: 0))
        #expect(!canvas.document.undoStack.canUndo)
    }
}
