import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// SPEC M3, G4, X1: emojis are drawn at their size, where the viewport puts them, in colour.
@Suite struct DocumentRendererTests {
    private static let viewSize = ViewSize(width: 300, height: 240)

    private func render(
        _ model: EmojiArtModel, viewport: Viewport = Viewport(), viewSize: ViewSize = viewSize,
        deviceScale: Double = 1, selection: Set<Int> = [], renderer: DocumentRenderer = DocumentRenderer()
    ) -> RenderedImage {
        RenderedImage(width: Int(viewSize.width), height: Int(viewSize.height), deviceScale: deviceScale) { cr in
            renderer.draw(
                model, background: nil, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale,
                selection: selection, into: cr)
        }
    }

    @Test("an emoji of size 120 at zoom 1 is about 120 px tall, centred where the viewport puts it")
    func sizeAndPosition() throws {
        let model = TestImages.model([("😀", 20, -10, 120)])
        let viewport = Viewport(pan: ViewVector(dx: -15, dy: 8))
        let image = render(model, viewport: viewport)
        let ink = try #require(image.inkBounds())
        #expect((95...135).contains(ink.height))
        #expect((95...140).contains(ink.width))
        let expected = viewport.viewPoint(for: DocumentPoint(x: 20, y: -10), in: Self.viewSize)
        #expect(abs(ink.centerX - expected.x) <= 4)
        #expect(abs(ink.centerY - expected.y) <= 4)
    }

    @Test(
        "emojis are drawn in colour, text-presentation characters without U+FE0F too",
        arguments: ["😀", "\u{2600}", "\u{2764}", "🐶"])
    func colour(text: String) {
        let image = render(TestImages.model([(text, 0, 0, 120)]))
        #expect(image.count(where: \.isColourful) > 1_000)
    }

    @Test("zoom 2 doubles an emoji's size and keeps it where the viewport puts it")
    func zoomDoubles() throws {
        let model = TestImages.model([("😀", 10, 5, 50)])
        let atOne = try #require(render(model).inkBounds())
        let viewport = Viewport(zoom: 2, pan: ViewVector(dx: -20, dy: 0))
        let atTwo = try #require(render(model, viewport: viewport).inkBounds())
        let ratio = Double(atTwo.height) / Double(atOne.height)
        #expect(ratio > 1.9 && ratio < 2.1)
        let expected = viewport.viewPoint(for: DocumentPoint(x: 10, y: 5), in: Self.viewSize)
        #expect(abs(atTwo.centerX - expected.x) <= 4)
        #expect(abs(atTwo.centerY - expected.y) <= 4)
    }

    @Test("at device scale 2 an emoji is rasterised at twice the pixels and keeps its logical size (X1)")
    func hiDPI() throws {
        let renderer = DocumentRenderer()
        let model = TestImages.model([("😀", 0, 0, 60)])
        let image = render(model, deviceScale: 2, renderer: renderer)
        #expect(image.width == 600)
        let ink = try #require(image.inkBounds())
        #expect((95...135).contains(ink.height))
        #expect(abs(ink.centerX - 300) <= 4 && abs(ink.centerY - 240) <= 4)
        #expect(renderer.rasterCache.contains("😀", pixelSize: 120))
        #expect(!renderer.rasterCache.contains("😀", pixelSize: 60))
    }

    @Test("emojis wholly outside the view are culled before they reach the raster cache")
    func culling() {
        let renderer = DocumentRenderer()
        let outside = TestImages.model([("😀", 5_000, 0, 40), ("🐶", -400, 0, 40), ("🌵", 0, 200, 40)])
        let image = render(outside, renderer: renderer)
        #expect(renderer.rasterCache.count == 0)
        #expect(renderer.rasterCache.rasterizedCount == 0)
        #expect(image.inkBounds() == nil)

        // Half over the right edge: still drawn.
        let partly = TestImages.model([("😀", 150, 0, 40)])
        let partlyImage = render(partly, renderer: renderer)
        #expect(renderer.rasterCache.count == 1)
        #expect(partlyImage.inkBounds() != nil)
    }

    @Test("an emoji smaller than one device pixel is skipped")
    func tinyEmojisSkipped() {
        let renderer = DocumentRenderer()
        let model = TestImages.model([("😀", 0, 0, 10)])
        let image = render(model, viewport: Viewport(zoom: 0.05), renderer: renderer)
        #expect(renderer.rasterCache.count == 0)
        #expect(image.inkBounds() == nil)
    }

    @Test("an emoji larger than the biggest raster is enlarged from the capped raster")
    func hugeEmojiFromCappedRaster() throws {
        let renderer = DocumentRenderer()
        let size = ViewSize(width: 1_300, height: 1_300)
        let model = TestImages.model([("😀", 0, 0, 600)])
        let image = render(model, viewport: Viewport(zoom: 2), viewSize: size, renderer: renderer)
        let ink = try #require(image.inkBounds())
        #expect((950...1_350).contains(ink.height))
        #expect(abs(ink.centerX - 650) <= 8 && abs(ink.centerY - 650) <= 8)
        #expect(renderer.rasterCache.contains("😀", pixelSize: EmojiRasterCache.maximumPixelSize))
        #expect(renderer.rasterCache.count == 1)
    }

    @Test("later emojis are drawn over earlier ones (z-order)")
    func zOrder() {
        let model = TestImages.model([("😀", 0, 0, 100), ("🟦", 0, 0, 100)])
        let image = render(model)
        // The blue square covers the face's centre.
        let centre = image.pixel(x: 150, y: 120)
        #expect(centre.blue > centre.red + 60)
    }
}
