import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// DESIGN "Performance budget": interactive frames transform the cached layer; the frame after
/// the gesture is crisp again.
@Suite struct ContentLayerTests {
    private static let viewSize = ViewSize(width: 320, height: 240)
    private static let model = TestImages.model([("😀", -60, -20, 60), ("🐶", 50, 30, 40), ("\u{2600}", 0, 40, 30)])

    private func draw(
        _ layer: ContentLayer, _ model: EmojiArtModel = model, background: BackgroundImage? = nil,
        viewport: Viewport, selection: Set<Int> = [2], isInteractive: Bool
    ) -> RenderedImage {
        RenderedImage(width: 320, height: 240) { cr in
            layer.draw(
                model, background: background, viewport: viewport, viewSize: Self.viewSize, deviceScale: 1,
                selection: selection, into: cr, isInteractive: isInteractive)
        }
    }

    private func crisp(
        _ model: EmojiArtModel = model, background: BackgroundImage? = nil, viewport: Viewport, selection: Set<Int> = [2]
    ) -> RenderedImage {
        RenderedImage(width: 320, height: 240) { cr in
            DocumentRenderer().draw(
                model, background: background, viewport: viewport, viewSize: Self.viewSize, deviceScale: 1,
                selection: selection, into: cr)
        }
    }

    @Test("during a pan the layer is moved, not re-rendered, and matches a crisp frame")
    func panMatchesCrisp() throws {
        let background = try BackgroundImage(pngData: TestImages.redBluePNG(width: 160, height: 100))
        let layer = ContentLayer()
        let start = Viewport()
        _ = draw(layer, background: background, viewport: start, isInteractive: false)
        #expect(layer.renderCount == 1)

        let panned = start.panned(by: ViewVector(dx: 17, dy: -9))
        let interactive = draw(layer, background: background, viewport: panned, isInteractive: true)
        #expect(layer.renderCount == 1)
        let reference = crisp(background: background, viewport: panned)
        let differing = interactive.differingPixelCount(from: reference, tolerance: 8)
        #expect(differing < interactive.width * interactive.height / 100)

        // The gesture ended: the same viewport is rendered crisply once, then reused.
        _ = draw(layer, background: background, viewport: panned, isInteractive: false)
        _ = draw(layer, background: background, viewport: panned, isInteractive: false)
        #expect(layer.renderCount == 2)
    }

    @Test("during a pinch the layer is scaled around the right point")
    func pinchScalesLayer() throws {
        let single = TestImages.model([("😀", 40, 20, 40)])
        let layer = ContentLayer()
        let start = Viewport()
        _ = draw(layer, single, viewport: start, isInteractive: false)
        let zoomed = start.zoomed(by: 1.5, around: ViewPoint(x: 100, y: 80), in: Self.viewSize)
        let interactive = draw(layer, single, viewport: zoomed, isInteractive: true)
        #expect(layer.renderCount == 1)
        let ink = try #require(interactive.inkBounds())
        let crispInk = try #require(crisp(single, viewport: zoomed).inkBounds())
        #expect(abs(ink.centerX - crispInk.centerX) <= 2 && abs(ink.centerY - crispInk.centerY) <= 2)
        #expect(abs(ink.height - crispInk.height) <= 3)
    }

    @Test("a model change makes the layer stale, even during a gesture")
    func modelChangeInvalidates() {
        let layer = ContentLayer()
        _ = draw(layer, viewport: Viewport(), isInteractive: false)
        var moved = Self.model
        var emoji = moved.emojis[0]
        emoji.position.x += 10
        moved.update([emoji])
        _ = draw(layer, moved, viewport: Viewport().panned(by: ViewVector(dx: 5, dy: 0)), isInteractive: true)
        #expect(layer.renderCount == 2)
        layer.invalidate()
        _ = draw(layer, moved, viewport: Viewport().panned(by: ViewVector(dx: 5, dy: 0)), isInteractive: true)
        #expect(layer.renderCount == 3)
    }

    @Test("an empty document makes no layer, and a layer made again shows only what is there now")
    func emptyDocumentHasNoLayer() {
        let layer = ContentLayer()
        let empty = EmojiArtModel()
        let blank = draw(layer, empty, viewport: Viewport(), isInteractive: false)
        #expect(layer.renderCount == 0)
        #expect(blank.inkBounds() == nil)

        let shown = draw(layer, viewport: Viewport(), isInteractive: false)
        #expect(layer.renderCount == 1)
        #expect(shown.differingPixelCount(from: crisp(viewport: Viewport()), tolerance: 2) == 0)

        // Emptied (every emoji deleted): nothing of the old layer shows, and it is rendered anew after.
        #expect(draw(layer, empty, viewport: Viewport(), isInteractive: true).inkBounds() == nil)
        let again = draw(layer, viewport: Viewport(), isInteractive: false)
        #expect(layer.renderCount == 2)
        #expect(again.differingPixelCount(from: crisp(viewport: Viewport()), tolerance: 2) == 0)
    }

    @Test("a layer rendered again into its surface keeps none of the frame before")
    func reusedSurfaceIsCleared() {
        let layer = ContentLayer()
        _ = draw(layer, viewport: Viewport(), isInteractive: false)
        let single = TestImages.model([("🐶", 50, 30, 40)])
        let redrawn = draw(layer, single, viewport: Viewport(), isInteractive: false)
        #expect(layer.renderCount == 2)
        #expect(redrawn.differingPixelCount(from: crisp(single, viewport: Viewport()), tolerance: 2) == 0)
    }

    @Test(
        "a layer's first frame, its budget spent, shows every emoji as the exact frame does: those it has no raster for resampled from their glyphs, turned ones sampled from their glyphs; painted again, turned rasters are made"
    )
    func firstFrameWhole() throws {
        let turned = EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "🐶", position: DocumentPoint(x: -70, y: 0), size: 70, rotation: 25, flipped: false),
                Emoji(id: 2, text: "😀", position: DocumentPoint(x: 60, y: -10), size: 90),
                Emoji(id: 3, text: "🌵", position: DocumentPoint(x: 20, y: 60), size: 60),
            ], uniqueEmojiId: 3)
        let renderer = DocumentRenderer()
        // Every emoji's raster at another size only: what a launch may have prepared.
        for emoji in turned.emojis { _ = renderer.rasterCache.raster(for: emoji.text, pixelSize: Int(emoji.size) + 7) }
        let made = renderer.rasterCache.rasterizedCount
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let layer = ContentLayer(renderer: renderer)
        let first = draw(layer, turned, viewport: Viewport(), isInteractive: false)
        #expect(renderer.lastUnpaintedCount == 0 && renderer.lastStandInCount == 0)
        #expect(renderer.lastResampledCount == 2)
        #expect(renderer.rasterCache.rasterizedCount == made && renderer.turnedRasters.totalBytes == 0)
        #expect(!layer.awaitsRasters)
        let exact = crisp(turned, viewport: Viewport())
        let difference = first.levelSamplingDifference(from: exact)
        #expect(difference.isWithinTolerance, "\(difference)")

        // Painted again at this zoom, the turned emoji gets its rasters once the upright one is
        // there (as the workshop would make it).
        _ = renderer.rasterCache.raster(for: "🐶", pixelSize: 70)
        renderer.rasterBudget = nil
        let repainted = draw(layer, turned, viewport: Viewport(), selection: [], isInteractive: false)
        #expect(renderer.turnedRasters.totalBytes > 0)
        #expect(repainted.differingPixelCount(from: crisp(turned, viewport: Viewport(), selection: []), tolerance: 4) == 0)
    }

    @Test("a zoom step's first exact frame samples turned emojis from their glyphs; painted again at that zoom, they get rasters")
    func zoomStepSamplesTurnedInPlace() throws {
        let turned = EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "🐶", position: DocumentPoint(x: -60, y: 0), size: 60, rotation: 30, flipped: false),
                Emoji(id: 2, text: "😀", position: DocumentPoint(x: 50, y: 10), size: 50, rotation: -45, flipped: true),
            ], uniqueEmojiId: 2)
        let renderer = DocumentRenderer()
        renderer.rasterBudget = RasterBudget(milliseconds: 1_000)
        let layer = ContentLayer(renderer: renderer)
        _ = draw(layer, turned, viewport: Viewport(), isInteractive: false)
        _ = draw(layer, turned, viewport: Viewport(), selection: [], isInteractive: false)
        let bytesAtFirstZoom = renderer.turnedRasters.totalBytes
        #expect(bytesAtFirstZoom > 0, "painted twice at one zoom, the turned emojis have rasters")

        let zoomed = Viewport().zoomed(by: 1.1, around: ViewPoint(x: 160, y: 120), in: Self.viewSize)
        let step = draw(layer, turned, viewport: zoomed, selection: [], isInteractive: false)
        #expect(!layer.awaitsRasters)
        #expect(renderer.turnedRasters.totalBytes == bytesAtFirstZoom, "the step's frame made no turned raster")
        let difference = step.levelSamplingDifference(from: crisp(turned, viewport: zoomed, selection: []))
        #expect(difference.isWithinTolerance, "\(difference)")

        _ = draw(layer, turned, viewport: zoomed, selection: [1], isInteractive: false)
        #expect(renderer.turnedRasters.totalBytes > bytesAtFirstZoom)
    }
}
