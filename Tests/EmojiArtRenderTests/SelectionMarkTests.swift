import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// SPEC S1: selected emojis are visibly marked, on dark and light backdrops.
@Suite struct SelectionMarkTests {
    @Test("only selected emojis get the mark: accent blue with a light halo", arguments: [0.0, 1.0])
    func onlySelectedMarked(backdrop: Double) {
        let viewSize = ViewSize(width: 240, height: 120)
        let model = TestImages.model([("😀", -50, 0, 40), ("😀", 50, 0, 40)])
        let image = RenderedImage(width: 240, height: 120) { cr in
            cairo_set_source_rgb(cr, backdrop, backdrop, backdrop)
            cairo_paint(cr)
            DocumentRenderer().draw(
                model, background: nil, viewport: Viewport(), viewSize: viewSize, deviceScale: 1,
                selection: [1], into: cr)
        }
        // Emoji 1 is centred at (70, 60), emoji 2 at (170, 60); each square is 40 px.
        let aroundSelected = RenderedImage.Box(center: 70, 60, half: 32)
        let aroundOther = RenderedImage.Box(center: 170, 60, half: 32)
        #expect(image.count(in: aroundSelected, where: \.isAccentBlue) > 100)
        #expect(image.count(in: aroundOther, where: \.isAccentBlue) == 0)
        if backdrop == 0 {
            // The halo lies outside the emoji's square, where only the black backdrop would be.
            let haloBand = RenderedImage.Box(minX: 40, minY: 30, maxX: 100, maxY: 36)
            #expect(image.count(in: haloBand, where: \.isNearlyWhite) > 20)
        }
    }

    @Test("a tiny selected emoji still gets a mark you can see")
    func tinyEmojiMarked() {
        let viewSize = ViewSize(width: 100, height: 100)
        let model = TestImages.model([("😀", 0, 0, 4)])
        let image = RenderedImage(width: 100, height: 100) { cr in
            DocumentRenderer().draw(
                model, background: nil, viewport: Viewport(), viewSize: viewSize, deviceScale: 1,
                selection: [1], into: cr)
        }
        let mark = image.count(in: RenderedImage.Box(center: 50, 50, half: 20), where: \.isAccentBlue)
        #expect(mark > 40)
    }
}
