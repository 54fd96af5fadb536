import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// R1's guides over the canvas: 1 px magenta lines, crisp on whole pixels, exactly as long as
/// the things they align, where the viewport puts them.
@Suite struct SnapGuideOverlayTests {
    let size = ViewSize(width: 200, height: 200)

    private static func isGuide(_ pixel: Pixel) -> Bool {
        pixel.alpha == 255 && pixel.red > 200 && pixel.green < 60 && pixel.blue > 100 && pixel.blue < 160
    }

    @Test("a vertical and a horizontal guide fill one pixel column and row each, from end to end", arguments: [1.0, 2.0])
    func crispLines(deviceScale: Double) {
        let guides = [
            SnapGuide(orientation: .vertical, position: 10, span: -40...30),
            SnapGuide(orientation: .horizontal, position: -20, span: -60...50),
        ]
        // Zoom 1, no pan: document (0, 0) is view (100, 100).
        let image = RenderedImage(width: 200, height: 200, deviceScale: deviceScale) { cr in
            SnapGuideOverlay.draw(guides, viewport: Viewport(), viewSize: size, into: cr)
        }
        func pixel(_ x: Double, _ y: Double) -> Pixel { image.pixel(x: x * deviceScale, y: y * deviceScale) }
        // The vertical guide: view x 110, y 60…130, one view pixel wide.
        #expect(Self.isGuide(pixel(110, 60)))
        #expect(Self.isGuide(pixel(110, 100)))
        #expect(Self.isGuide(pixel(110.9, 129.9)))
        #expect(pixel(109.9, 100).alpha == 0)
        #expect(pixel(111, 100).alpha == 0)
        #expect(pixel(110, 59.9).alpha == 0)
        #expect(pixel(110, 130).alpha == 0)
        // The horizontal guide: view y 80, x 40…150.
        #expect(Self.isGuide(pixel(40, 80)))
        #expect(Self.isGuide(pixel(149.9, 80.9)))
        #expect(pixel(100, 79.9).alpha == 0)
        #expect(pixel(100, 81).alpha == 0)
        #expect(pixel(39.9, 80).alpha == 0)
        #expect(pixel(150, 80).alpha == 0)
        // Nothing else: one column of 70 and one row of 110 view pixels.
        let inked = image.count { $0.alpha > 0 }
        #expect(inked == Int((70 + 110 - 1) * deviceScale * deviceScale))
    }

    @Test("guides follow the viewport's zoom and pan")
    func followsViewport() {
        let viewport = Viewport(zoom: 2, pan: ViewVector(dx: -30, dy: 10))
        let guide = SnapGuide(orientation: .vertical, position: 25, span: 0...20)
        let image = RenderedImage(width: 200, height: 200) { cr in
            SnapGuideOverlay.draw([guide], viewport: viewport, viewSize: size, into: cr)
        }
        let top = viewport.viewPoint(for: guide.start, in: size)  // (120, 110)
        #expect(Self.isGuide(image.pixel(x: top.x, y: top.y + 20)))
        #expect(image.inkBounds() == RenderedImage.Box(minX: 120, minY: 110, maxX: 120, maxY: 149))
    }

    @Test("a guide reaching far past the view is cut to it; one off the view draws nothing; none draw nothing")
    func cutToView() {
        let long = SnapGuide(orientation: .horizontal, position: 0, span: -1e6...1e6)
        let offView = SnapGuide(orientation: .vertical, position: 500, span: 0...10)
        let image = RenderedImage(width: 200, height: 200) { cr in
            SnapGuideOverlay.draw([long, offView], viewport: Viewport(zoom: 20), viewSize: size, into: cr)
        }
        #expect(image.inkBounds() == RenderedImage.Box(minX: 0, minY: 100, maxX: 199, maxY: 100))
        let blank = RenderedImage(width: 50, height: 50) { cr in
            SnapGuideOverlay.draw([], viewport: Viewport(), viewSize: ViewSize(width: 50, height: 50), into: cr)
        }
        #expect(blank.inkBounds() == nil)
    }
}
