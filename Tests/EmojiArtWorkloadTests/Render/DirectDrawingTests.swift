import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// The fast path must change no pixel: a frame planned top-down with occlusion and
/// painted by the C loop in two bands equals, bit for bit, the frame cairo paints emoji by emoji.
@Suite struct DirectDrawingTests {
    /// `count` emojis of 10–70 pt over a `width` × `height` view; every `turnEvery`-th one turned
    /// or mirrored, so cairo's transformed paints interleave with the C loop's copies.
    static func crowd(count: Int, width: Double, height: Double, turnEvery: Int = 7) -> EmojiArtModel {
        var state: UInt64 = 12_345
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let texts = ["😀", "🐶", "🌲", "☀️", "🐻‍❄️", "🚀", "❤", "🦋"]
        let emojis = (0..<count).map { index in
            Emoji(
                id: index + 1, text: texts[index % texts.count],
                position: DocumentPoint(x: (next() - 0.5) * width * 1.1, y: (next() - 0.5) * height * 1.1),
                size: 10 + next() * 60,
                rotation: index % turnEvery == 3 ? next() * 360 - 180 : 0, flipped: index % turnEvery == 5)
        }
        return EmojiArtModel(background: .blank, emojis: emojis)
    }

    private func frames(
        _ model: EmojiArtModel, background: BackgroundImage? = nil, viewSize: ViewSize, deviceScale: Double,
        viewport: Viewport = Viewport()
    ) -> (cairo: RenderedImage, direct: RenderedImage, renderer: DocumentRenderer) {
        let width = Int(viewSize.width)
        let height = Int(viewSize.height)
        let cairo = RenderedImage(width: width, height: height, deviceScale: deviceScale) { cr in
            DocumentRenderer().draw(
                model, background: background, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale,
                selection: [], into: cr)
        }
        let renderer = DocumentRenderer()
        let direct = RenderedImage(width: width, height: height, deviceScale: deviceScale) { cr in
            renderer.drawDirectly(
                model, background: background, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale,
                selection: [], intoImage: cairo_get_target(cr))
        }
        return (cairo, direct, renderer)
    }

    @Test("a crowd of upright emojis: the same pixels as cairo's frame", arguments: [1.0, 2.0])
    func sameAsCairo(deviceScale: Double) {
        let viewSize = ViewSize(width: 400, height: 300)
        let model = Self.crowd(count: 1_500, width: 400, height: 300, turnEvery: Int.max)
        let (cairo, direct, _) = frames(model, viewSize: viewSize, deviceScale: deviceScale)
        #expect(direct.differingPixelCount(from: cairo, tolerance: 0) == 0)
        #expect(direct.count(where: \.isColourful) > 10_000)
    }

    @Test("turned and mirrored emojis among them: cairo's frame but for rounding on turned edges", arguments: [1.0, 2.0])
    func turnedNearlyAsCairo(deviceScale: Double) {
        let viewSize = ViewSize(width: 400, height: 300)
        let model = Self.crowd(count: 1_500, width: 400, height: 300, turnEvery: 6)
        let (cairo, direct, _) = frames(model, viewSize: viewSize, deviceScale: deviceScale)
        let pixels = Int(400 * 300 * deviceScale * deviceScale)
        // Bilinear weights and sample positions round a little differently from pixman's.
        #expect(direct.differingPixelCount(from: cairo, tolerance: 24) < pixels / 200)
        #expect(direct.differingPixelCount(from: cairo, tolerance: 4) < pixels / 20)
    }

    @Test(
        "turned emojis sampled from their glyphs skip what the emojis above hide: the frame of their turned rasters within the level sampling's tolerance"
    )
    func sampledInPlaceSkipsHiddenCells() {
        let viewSize = ViewSize(width: 400, height: 300)
        let model = Self.crowd(count: 1_500, width: 400, height: 300, turnEvery: 6)
        let sampledRenderer = DocumentRenderer()
        let sampled = RenderedImage(width: 400, height: 300) { cr in
            sampledRenderer.drawDirectly(
                model, background: nil, viewport: Viewport(), viewSize: viewSize, deviceScale: 1, selection: [],
                intoImage: cairo_get_target(cr), rastersPayOff: false)
        }
        #expect(sampledRenderer.lastPartlyHiddenSampledCount > 50, "\(sampledRenderer.lastPartlyHiddenSampledCount)")
        #expect(sampledRenderer.turnedRasters.totalBytes == 0)
        let turnedRenderer = DocumentRenderer()
        let fromTurnedRasters = RenderedImage(width: 400, height: 300) { cr in
            turnedRenderer.drawDirectly(
                model, background: nil, viewport: Viewport(), viewSize: viewSize, deviceScale: 1, selection: [],
                intoImage: cairo_get_target(cr))
        }
        #expect(turnedRenderer.turnedRasters.totalBytes > 0)
        let difference = sampled.levelSamplingDifference(from: fromTurnedRasters)
        #expect(difference.isWithinTolerance, "\(difference)")
        #expect(sampled.count(where: \.isColourful) > 400 * 300 / 2)
    }

    @Test("a deep stack: most emojis are skipped as hidden, and the frame is still cairo's")
    func occlusionChangesNothing() {
        let viewSize = ViewSize(width: 320, height: 200)
        let model = Self.crowd(count: 6_000, width: 320, height: 200, turnEvery: Int.max)
        let (cairo, direct, renderer) = frames(model, viewSize: viewSize, deviceScale: 1)
        #expect(direct.differingPixelCount(from: cairo, tolerance: 0) == 0)
        #expect(renderer.lastPaintedEmojiCount > 0)
        #expect(renderer.lastPaintedEmojiCount < model.emojis.count / 2, "painted \(renderer.lastPaintedEmojiCount)")
    }

    @Test("over a background image, zoomed and panned: the same pixels as cairo's frame")
    func overBackground() throws {
        let background = try BackgroundImage(pngData: TestImages.redBluePNG(width: 300, height: 200))
        let viewSize = ViewSize(width: 360, height: 240)
        let model = Self.crowd(count: 400, width: 300, height: 200, turnEvery: Int.max)
        let viewport = Viewport(zoom: 1.3, pan: ViewVector(dx: 17, dy: -9))
        let (cairo, direct, _) = frames(model, background: background, viewSize: viewSize, deviceScale: 1, viewport: viewport)
        #expect(direct.differingPixelCount(from: cairo, tolerance: 0) == 0)
    }

    @Test(
        "turned rasters cached per angle paint what sampling in place paints, but for a level of rounding, frame after frame",
        arguments: [1.0, 2.0])
    func turnedCacheChangesNoPixel(deviceScale: Double) {
        let viewSize = ViewSize(width: 400, height: 300)
        let model = Self.crowd(count: 1_500, width: 400, height: 300, turnEvery: 7)
        let viewport = Viewport(zoom: 1.3, pan: ViewVector(dx: 17.25, dy: -8.5))
        func frame(_ renderer: DocumentRenderer) -> RenderedImage {
            RenderedImage(width: 400, height: 300, deviceScale: deviceScale) { cr in
                renderer.drawDirectly(
                    model, background: nil, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale,
                    selection: [], intoImage: cairo_get_target(cr))
            }
        }
        let inPlace = frame(DocumentRenderer(turnedCapacityInBytes: 0))
        let cached = DocumentRenderer()
        let first = frame(cached)
        let second = frame(cached)
        #expect(cached.turnedRasters.totalBytes > 0, "the turned emojis were cached")
        // Sampled into a transparent image, then blended: edge pixels may round one level apart.
        let pixels = Int(400 * 300 * deviceScale * deviceScale)
        for frame in [first, second] {
            #expect(frame.differingPixelCount(from: inPlace, tolerance: 24) == 0)
            #expect(frame.differingPixelCount(from: inPlace, tolerance: 1) < pixels / 10_000)
        }
        // The first frame may sample some in place (its budget for new turned rasters ran out).
        #expect(second.differingPixelCount(from: first, tolerance: 1) < pixels / 10_000)
        #expect(first.count(where: \.isColourful) > 10_000)
    }
}
