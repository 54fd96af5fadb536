import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// Others in a shared document (C5), drawn over the canvas: their pointer with a name tag and
/// their selection, in their colour, in view pixels.
@Suite struct PresenceOverlayTests {
    private static func isRed(_ pixel: Pixel) -> Bool {
        pixel.alpha > 200 && pixel.red > 200 && pixel.green < 60 && pixel.blue < 60
    }

    @Test("a participant's pointer, name tag and selection frame are drawn in their colour where the viewport puts them")
    func drawsPointerAndSelection() {
        let ann = PresenceOverlay.Participant(
            name: "Ann", colour: (1, 0, 0), pointer: DocumentPoint(x: 0, y: 0),
            selection: [DocumentRect(center: DocumentPoint(x: -50, y: -50), size: DocumentSize(width: 20, height: 20))])
        let viewport = Viewport()
        let size = ViewSize(width: 200, height: 200)
        let image = RenderedImage(width: 200, height: 200) { cr in
            PresenceOverlay.draw([ann], viewport: viewport, viewSize: size, into: cr)
        }
        let tip = viewport.viewPoint(for: .zero, in: size)
        // Inside the arrow, below its tip.
        #expect(Self.isRed(image.pixel(x: tip.x + 2, y: tip.y + 9)))
        // The tag's background, right of the label's start.
        #expect(Self.isRed(image.pixel(x: tip.x + 13, y: tip.y + 15)))
        // The selection frame: 3 px outside the emoji's square, 2 px wide.
        let frame = viewport.viewRect(
            for: DocumentRect(center: DocumentPoint(x: -50, y: -50), size: DocumentSize(width: 20, height: 20)), in: size)
        #expect(Self.isRed(image.pixel(x: frame.minX - 3, y: frame.center.y)))
        // Nothing inside the frame: the emoji stays visible.
        #expect(image.pixel(x: frame.center.x, y: frame.center.y).alpha == 0)
    }

    @Test("no participants draw nothing")
    func nothingWhenAlone() {
        let image = RenderedImage(width: 50, height: 50) { cr in
            PresenceOverlay.draw([], viewport: Viewport(), viewSize: ViewSize(width: 50, height: 50), into: cr)
        }
        #expect(image.inkBounds() == nil)
    }
}
