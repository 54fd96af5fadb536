import EmojiArtCore
import Testing

/// A group and a lock show on the canvas (R3, R4): the marks Core asks the canvas to draw.
@MainActor
@Suite struct ArrangementMarksTests {
    @Test("a selected group is outlined inside the selection frame; a plain multiple selection is not")
    func selectedGroupOutline() {
        let canvas = makeCanvas()
        _ = canvas.selectAll()
        #expect(canvas.arrangementMarks.isEmpty, "three loose emojis: the frame alone")
        _ = canvas.document.group([canvas.id("😀"), canvas.id("🌲")])
        let marks = canvas.arrangementMarks
        #expect(marks.groupOutlines.count == 1 && marks.lockBadge == nil)
        let outline = try! #require(marks.groupOutlines.first)
        let frame = try! #require(canvas.selectionFrame).rect
        #expect(frame.minX < outline.minX && outline.maxX < frame.maxX, "inside the frame: \(outline) in \(frame)")
        let tree = canvas.view(200, 0)
        #expect(outline.minX < tree.x && tree.x < outline.maxX && outline.maxY < frame.maxY)
    }

    @Test("the pointer over a group member outlines its group before any click; leaving it redraws")
    func hoveredGroup() {
        let canvas = makeCanvas()
        _ = canvas.document.group([canvas.id("😀"), canvas.id("🌲")])
        #expect(canvas.pointerMoved(to: canvas.view(-200, 100)).contains(.redraw) == false, "the loose dog has no mark")
        #expect(canvas.pointerMoved(to: canvas.view(0, 0)).contains(.redraw))
        #expect(canvas.arrangementMarks.groupOutlines.count == 1)
        #expect(!canvas.pointerMoved(to: canvas.view(2, 2)).contains(.redraw), "the same member: nothing to redraw")
        #expect(canvas.pointerMoved(to: canvas.view(100, -250)).contains(.redraw))
        #expect(canvas.arrangementMarks.isEmpty)
    }

    @Test("the pointer over a locked emoji shows a lock badge at its top-right corner")
    func lockBadge() {
        let canvas = makeCanvas()
        canvas.click(canvas.view(0, 0))
        _ = canvas.perform(.lock)
        #expect(canvas.pointerMoved(to: canvas.view(0, 0)).contains(.redraw))
        let badge = try! #require(canvas.arrangementMarks.lockBadge)
        let corner = canvas.view(20, -20)
        #expect(abs(badge.x - corner.x) < 0.001 && abs(badge.y - corner.y) < 0.001, "\(badge) at \(corner)")
        _ = canvas.pointerMoved(to: nil)
        #expect(canvas.arrangementMarks.lockBadge == nil)
    }
}
