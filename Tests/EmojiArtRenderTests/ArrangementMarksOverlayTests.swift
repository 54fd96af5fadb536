import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// R3's group outline and R4's lock badge over the canvas: where Core puts them, and nothing
/// without marks.
@Suite struct ArrangementMarksOverlayTests {
    @Test("a group outline is a 1 px accent rectangle on whole pixels, inside nothing else")
    func groupOutline() {
        let marks = ArrangementMarks(groupOutlines: [ViewRect(minX: 20.3, minY: 30.2, maxX: 120.3, maxY: 80.2)])
        let image = RenderedImage(width: 200, height: 200) { cr in ArrangementMarksOverlay.draw(marks, into: cr) }
        #expect(image.inkBounds() == RenderedImage.Box(minX: 20, minY: 30, maxX: 120, maxY: 80))
        let edge = image.pixel(x: 60, y: 30)
        #expect(edge.blue > edge.red && edge.alpha > 150, "the accent blue: \(edge)")
        #expect(image.pixel(x: 60, y: 55).alpha == 0, "an outline, not a fill")
    }

    @Test("the lock badge is a dark disc centred on its point, with a light padlock in it")
    func lockBadge() {
        let marks = ArrangementMarks(lockBadge: ViewPoint(x: 100, y: 100))
        let image = RenderedImage(width: 200, height: 200) { cr in ArrangementMarksOverlay.draw(marks, into: cr) }
        let bounds = try! #require(image.inkBounds())
        #expect(abs(bounds.minX - 90) <= 1 && abs(bounds.maxX - 109) <= 1 && abs(bounds.minY - 90) <= 1, "\(bounds)")
        let rim = image.pixel(x: 100, y: 92)
        #expect(rim.red < 80 && rim.alpha > 150, "dark around the lock: \(rim)")
        let body = image.pixel(x: 100, y: 102)
        #expect(body.red > 200 && body.green > 200, "the padlock's body is light: \(body)")
    }

    @Test("no marks draw nothing")
    func nothing() {
        let image = RenderedImage(width: 50, height: 50) { cr in ArrangementMarksOverlay.draw(ArrangementMarks(), into: cr) }
        #expect(image.inkBounds() == nil)
    }
}
