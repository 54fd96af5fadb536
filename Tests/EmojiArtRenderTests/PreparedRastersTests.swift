import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// The rasters a launch makes on its decode thread, before the window exists, are the
/// ones the first frame asks for, and a frame painted from them is the frame painted without.
@Suite struct PreparedRastersTests {
    private static let viewSize = ViewSize(width: 320, height: 240)

    private static let model = TestImages.model([
        ("😀", -90, -40, 40), ("🐶", 0, 0, 55.4), ("🌵", 80, 50, 40), ("😀", 60, -60, 72), ("🐶", -60, 70, 55.4),
    ])

    private func render(_ renderer: DocumentRenderer, viewport: Viewport, deviceScale: Double) -> RenderedImage {
        RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height), deviceScale: deviceScale) { cr in
            renderer.draw(
                Self.model, background: nil, viewport: viewport, viewSize: Self.viewSize, deviceScale: deviceScale,
                selection: [], into: cr)
        }
    }

    /// Rasters made on a thread of their own, as the launch makes them.
    private func prepareOnAnotherThread(
        _ model: EmojiArtModel = Self.model, zoom: Double, deviceScale: Double
    ) async -> PreparedRasters {
        await Task.detached {
            PreparedRasters(for: model, viewport: Viewport(zoom: zoom), viewSize: Self.viewSize, deviceScale: deviceScale)
        }.value
    }

    @Test(
        "a frame painted from rasters prepared on another thread is pixel for pixel the frame made without, and makes none",
        arguments: [(1.0, 1.0), (1.5, 2.0), (0.37, 1.0)])
    func samePixelsNoRasterizing(zoom: Double, deviceScale: Double) async {
        let viewport = Viewport(zoom: zoom)
        let reference = render(DocumentRenderer(), viewport: viewport, deviceScale: deviceScale)

        let prepared = await prepareOnAnotherThread(zoom: zoom, deviceScale: deviceScale)
        // Four distinct (emoji, size) pairs: 😀 40 and 72, 🐶 55.4, 🌵 40.
        #expect(prepared.count == 4)
        let renderer = DocumentRenderer()
        renderer.adopt(prepared)
        let image = render(renderer, viewport: viewport, deviceScale: deviceScale)

        #expect(renderer.rasterCache.rasterizedCount == 0)
        #expect(image.differingPixelCount(from: reference, tolerance: 0) == 0)
        #expect(image.count(where: \.isColourful) > 100)
    }

    @Test("a frame at another zoom than the one prepared for still draws right, making what it lacks")
    func otherZoomStillRight() async {
        let prepared = await prepareOnAnotherThread(zoom: 1, deviceScale: 1)
        let renderer = DocumentRenderer()
        renderer.adopt(prepared)
        let viewport = Viewport(zoom: 2)
        let image = render(renderer, viewport: viewport, deviceScale: 1)
        let reference = render(DocumentRenderer(), viewport: viewport, deviceScale: 1)
        #expect(image.differingPixelCount(from: reference, tolerance: 0) == 0)
        #expect(renderer.rasterCache.rasterizedCount > 0)
    }

    @Test(
        "what the frame paints and a raster of each kind in view: none for an emoji hidden under opaque ones above, nor out of view, nor in no view"
    )
    func onlyWhatTheFramePaints() async {
        // A small 😀 under the opaque middle of a large one, a 🌵 beside them, a 🐶 far out of view.
        let covered = TestImages.model([("😀", 0, 0, 12), ("🌵", -100, 0, 30), ("🐶", 2_000, 0, 40), ("😀", 0, 0, 160)])
        let prepared = await prepareOnAnotherThread(covered, zoom: 1, deviceScale: 1)
        #expect(prepared.count == 2)
        let renderer = DocumentRenderer()
        renderer.adopt(prepared)
        #expect(renderer.rasterCache.contains("😀", pixelSize: 160))
        #expect(renderer.rasterCache.contains("🌵", pixelSize: 30))
        #expect(!renderer.rasterCache.contains("😀", pixelSize: 12))
        #expect(!renderer.rasterCache.contains("🐶", pixelSize: 40))

        let noView = PreparedRasters(for: covered, viewport: Viewport(), viewSize: ViewSize(width: 0, height: 0), deviceScale: 1)
        #expect(noView.count == 0)
    }

    @Test(
        "every kind in view gets a raster before the rest, so a window that takes them early paints every emoji: those without rasters resampled from their decoded glyphs"
    )
    func eachKindFirst() {
        let drawing = UserShapedArt.model(emojiCount: 400, kinds: 25)
        var first: PreparedRasters?
        _ = PreparedRasters(for: drawing, viewport: Viewport(), viewSize: ViewSize(width: 960, height: 720), deviceScale: 1) { soFar in
            if soFar.count > 0, first == nil { first = soFar }
            return first == nil
        }
        let renderer = DocumentRenderer()
        renderer.adopt(first ?? PreparedRasters())
        let viewSize = ViewSize(width: 950, height: 614)
        renderer.rasterBudget = RasterBudget(milliseconds: 0, standInPixels: .max)
        _ = RenderedImage(width: Int(viewSize.width), height: Int(viewSize.height)) { cr in
            renderer.drawDirectly(
                drawing, background: nil, viewport: Viewport(), viewSize: viewSize, deviceScale: 1, selection: [],
                intoImage: cairo_get_target(cr))
        }
        #expect(renderer.rasterCache.count <= 25)
        #expect(renderer.lastResampledCount > 50)
        #expect(renderer.lastStandInCount == 0 && renderer.lastUnpaintedCount == 0 && renderer.lastFrameWasExact)
    }

    @Test("planned at the window’s size, the rasters are every one the canvas's smaller frame about the same centre paints")
    func windowSizeCoversCanvas() async {
        let drawing = UserShapedArt.model(emojiCount: 1_500, kinds: 20)
        let prepared = await Task.detached {
            PreparedRasters(for: drawing, viewport: Viewport(), viewSize: ViewSize(width: 960, height: 720), deviceScale: 1)
        }.value
        // The canvas within the default window.
        let canvas = ViewSize(width: 950, height: 614)
        let renderer = DocumentRenderer()
        renderer.adopt(prepared)
        _ = RenderedImage(width: Int(canvas.width), height: Int(canvas.height)) { cr in
            renderer.drawDirectly(
                drawing, background: nil, viewport: Viewport(), viewSize: canvas, deviceScale: 1, selection: [],
                intoImage: cairo_get_target(cr))
        }
        #expect(renderer.rasterCache.rasterizedCount == 0)
        #expect(renderer.lastPaintedEmojiCount > 300)
    }

    @Test("turned emojis' rasters are prepared too: the frame painted from them makes none and is the same")
    func turnedPrepared() async {
        let turned = EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "🐶", position: DocumentPoint(x: -60, y: 0), size: 50, rotation: 30, flipped: false),
                Emoji(id: 2, text: "🌵", position: DocumentPoint(x: 60, y: 20), size: 44, rotation: -75, flipped: true),
            ], uniqueEmojiId: 2)
        let prepared = await prepareOnAnotherThread(turned, zoom: 1, deviceScale: 1)
        #expect(prepared.count == 4)  // two upright rasters, two turned
        let renderer = DocumentRenderer()
        renderer.adopt(prepared)
        let reference = DocumentRenderer()
        func directImage(_ renderer: DocumentRenderer) -> RenderedImage {
            RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
                renderer.drawDirectly(
                    turned, background: nil, viewport: Viewport(), viewSize: Self.viewSize, deviceScale: 1, selection: [],
                    intoImage: cairo_get_target(cr))
            }
        }
        let expected = directImage(reference)
        let made = reference.turnedRasters.totalBytes
        let image = directImage(renderer)
        #expect(renderer.rasterCache.rasterizedCount == 0)
        #expect(renderer.turnedRasters.totalBytes == made, "adopted, none made anew")
        #expect(image.differingPixelCount(from: expected, tolerance: 0) == 0)
        #expect(image.count(where: \.isColourful) > 100)
    }

    @Test("preparing reports its progress while it decodes glyphs and stops where it is told, with no rasters")
    func stopsWhenTold() {
        let many = TestImages.model(UserShapedArt.emojiTexts.prefix(40).enumerated().map { ($1, Double($0), 0, 40) })
        var reports: [Int] = []
        let prepared = PreparedRasters(for: many, viewport: Viewport(), viewSize: Self.viewSize, deviceScale: 1) { soFar in
            reports.append(soFar.count)
            return reports.count < 2
        }
        #expect(reports == [0, 0])
        #expect(prepared.count == 0)

        // Then, as the frame is planned: stopped at its first report, it keeps what it made.
        let spread = TestImages.model(
            (0..<300).map {
                (UserShapedArt.emojiTexts[$0 % 40], Double($0 % 20) * 16 - 160, Double($0 / 20) * 16 - 120, 10 + Double($0 % 7))
            })
        let whole = PreparedRasters(for: spread, viewport: Viewport(), viewSize: Self.viewSize, deviceScale: 1)
        var rasterReports: [Int] = []
        let partial = PreparedRasters(for: spread, viewport: Viewport(), viewSize: Self.viewSize, deviceScale: 1) { soFar in
            if soFar.count > 0 { rasterReports.append(soFar.count) }
            return soFar.count == 0
        }
        #expect(rasterReports.count == 1)
        #expect(partial.count == rasterReports.first && partial.count > 0 && partial.count < whole.count)
    }

    @Test("adopting keeps a raster the cache already has")
    func keepsExisting() async {
        let cache = EmojiRasterCache()
        let own = try? #require(cache.raster(for: "😀", pixelSize: 40))
        cache.adopt(
            PreparedRasters(for: TestImages.model([("😀", 0, 0, 40)]), viewport: Viewport(), viewSize: Self.viewSize, deviceScale: 1))
        #expect(cache.count == 1)
        #expect(cache.raster(for: "😀", pixelSize: 40) === own)
        #expect(cache.rasterizedCount == 1)
    }
}
