import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

@Suite struct PrintedPageTests {
    /// Draws `page` on a transparent page of `width` × `height` points at 1 pixel a point.
    private func printed(_ page: PrintedPage, width: Int, height: Int) -> RenderedImage {
        RenderedImage(width: width, height: height) { cr in
            page.draw(into: cr, size: ViewSize(width: Double(width), height: Double(height)))
        }
    }

    @Test("the page shows Export's picture area, fitted and centred; wider than tall prints landscape (X7)")
    func fittedAndCentred() throws {
        let page = try PrintedPage(model: TestImages.model([("😀", -100, 0, 40), ("😀", 100, 0, 40)]), background: nil)
        #expect(page.area == DocumentRect(minX: -126, minY: -26, maxX: 126, maxY: 26))
        #expect(page.isLandscape)
        let image = printed(page, width: 504, height: 300)  // 2 points a document point across
        let ink = try #require(image.inkBounds())
        // The glyphs (about 36 of their 40 points) span −118…118, so 16…488 at zoom 2.
        #expect(abs(ink.minX - 16) <= 8 && abs(ink.maxX - 488) <= 8, "ink from \(ink.minX) to \(ink.maxX)")
        #expect(abs(ink.centerY - 150) <= 4, "centred vertically: \(ink)")
    }

    @Test("an artwork too wide for the canvas's zoom range still fills the paper")
    func beyondZoomRange() throws {
        let page = try PrintedPage(model: TestImages.model([("😀", -15_000, 0, 400), ("😀", 15_000, 0, 400)]), background: nil)
        let image = printed(page, width: 800, height: 400)
        let ink = try #require(image.inkBounds())
        #expect(ink.minX < 20 && ink.maxX > 780, "ink from \(ink.minX) to \(ink.maxX)")
    }
}
