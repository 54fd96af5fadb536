import CPangoCairo
import CRenderKernels
import EmojiArtCore
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// A zoom step paints the emojis whose sizes it uses once straight from their glyphs
/// (`FrameResampling`, and `LevelSampling` for turned ones) instead of making rasters it would
/// throw away: upright ones the same pixels, turned ones within the level sampling's tolerance,
/// no raster made, the frame painted off the window's thread.
@Suite struct FrameResamplingTests {
    static let viewSize = ViewSize(width: 480, height: 320)

    @Test("any part of any row of a resampling is the raster's row there, bit for bit")
    func rowsMatchTheRaster() throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        let line = UnsafeMutablePointer<UInt64>.allocate(capacity: 4_096)
        defer { line.deallocate() }
        for text in ["😀", "🐶", "🇫🇷", "☀️"] {
            let glyph = try #require(rasterizer.makeGlyph(of: text))
            for size in stride(from: 9, through: 260, by: 23) {
                let raster = try #require(glyph.makeRaster(pixelSize: size))
                let pixels = RasterComparison.pixels(of: raster)
                let window = glyph.inkWindow(forPixelSize: size)
                let resampling = try #require(FrameResampling(glyph, window: window))
                #expect(emojiart_resampling_line_pixels(resampling.resampling) <= 4_096)
                let width = window.columns.count
                var row = [UInt32](repeating: 0, count: width)
                var mismatches = 0
                for y in 0..<window.rows.count {
                    // The whole row, and a part from a third to two thirds of it.
                    for (x0, x1) in [(0, width), (width / 3, max(width / 3 + 1, 2 * width / 3))] {
                        row.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                        let painted = row.withUnsafeMutableBufferPointer { out in
                            emojiart_resampling_row(resampling.resampling, Int32(y), Int32(x0), Int32(x1), out.baseAddress, line)
                        }
                        let rasterRow = (window.rows.lowerBound + y) * raster.side + window.columns.lowerBound
                        for x in x0..<x1 where (painted != 0 ? row[x - x0] : 0) != pixels[rasterRow + x] { mismatches += 1 }
                    }
                }
                #expect(mismatches == 0, "\(text) at \(size) px")
            }
        }
    }

    @Test("a glyph's level box-filtered one frame pixel wide, not turned, is the emoji's raster but for two levels of weight rounding")
    func unturnedLevelSamplingIsTheRaster() throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        for text in ["😀", "🐶", "🇫🇷", "☀️"] {
            let glyph = try #require(rasterizer.makeGlyph(of: text))
            for size in stride(from: 9, through: 108, by: 11) {
                let raster = try #require(glyph.makeRaster(pixelSize: size))
                let expected = RasterComparison.pixels(of: raster)
                let window = glyph.inkWindow(forPixelSize: size)
                let level = LevelSampling(glyph, level: window.resampling.level, ink: window.levelInk)
                // Frame pixels are raster pixels: the raster square's corner at the frame's.
                var job = level.job
                job.inverse = (1, 0, 0, 0, 1, 0)
                job.is_transformed = 1
                (job.left, job.top, job.right, job.bottom) = (0, 0, Int32(raster.side), Int32(raster.side))
                LevelSampling.mapOntoLevel(&job, resampling: window.resampling, factor: 1, widthFactor: 1)
                #expect(job.box_width >= 1 && job.box_width < 2)
                var frame = [UInt32](repeating: 0, count: raster.side * raster.side)
                frame.withUnsafeMutableBufferPointer { pixels in
                    emojiart_paint_batch(&job, 1, pixels.baseAddress, Int32(raster.side * 4), Int32(raster.side), 0, Int32(raster.side))
                }
                // The two passes' 8-bit weights round apart (axis_taps gives what rounding
                // lost to the largest share, the box sampler to the last).
                var offByTwo = 0
                var offByMore = 0
                for (painted, wanted) in zip(frame, expected) where painted != wanted {
                    let difference = Self.largestChannelDifference(painted, wanted)
                    if difference > 2 { offByMore += 1 } else { offByTwo += 1 }
                }
                #expect(offByMore == 0, "\(text) at \(size) px: \(offByMore) pixels off by more than two levels")
                #expect(offByTwo <= max(10, expected.count / 8), "\(text) at \(size) px: \(offByTwo) pixels off by a level or two")
            }
        }
    }

    @Test("a turned emoji's samples read straight from its glyph's level are those read through the level's rows")
    func levelPictureReadsAsItsRows() throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        var boxed = 0
        var bilinear = 0
        for text in ["😀", "🐶", "🇫🇷", "☀️"] {
            let glyph = try #require(rasterizer.makeGlyph(of: text))
            // Box-filtered while shrunk from a level, bilinear once enlarged past the strike.
            for size in [13, 40, 77, 150, 230] {
                let window = glyph.inkWindow(forPixelSize: size)
                let level = LevelSampling(glyph, level: window.resampling.level, ink: window.levelInk)
                let side = window.resampling.side
                let frameSide = side * 3 / 2
                for angle in [0.3, 2.0, -1.1] {
                    // Turned about the frame's centre, where the raster square's centre lies.
                    let (cosine, sine, centre) = (cos(angle), sin(angle), Double(frameSide) / 2)
                    var job = level.job
                    job.is_transformed = 1
                    job.inverse = (
                        cosine, sine, Double(side) / 2 - cosine * centre - sine * centre,
                        -sine, cosine, Double(side) / 2 + sine * centre - cosine * centre
                    )
                    (job.left, job.top, job.right, job.bottom) = (0, 0, Int32(frameSide), Int32(frameSide))
                    LevelSampling.mapOntoLevel(&job, resampling: window.resampling, factor: 1)
                    if job.box_width > 0 { boxed += 1 } else { bilinear += 1 }
                    var throughRows = job
                    (throughRows.raster_width, throughRows.raster_height) = (0, 0)
                    let straight = Self.painted(job, side: frameSide)
                    #expect(straight.contains { $0 != 0 }, "\(text) at \(size) px")
                    #expect(straight == Self.painted(throughRows, side: frameSide), "\(text) at \(size) px turned \(angle)")
                }
            }
        }
        #expect(boxed > 0 && bilinear > 0)
    }

    /// `job` painted alone into a transparent square frame `side` pixels wide.
    private static func painted(_ job: emojiart_paint_job, side: Int) -> [UInt32] {
        var job = job
        var frame = [UInt32](repeating: 0, count: side * side)
        frame.withUnsafeMutableBufferPointer { pixels in
            emojiart_paint_batch(&job, 1, pixels.baseAddress, Int32(side * 4), Int32(side), 0, Int32(side))
        }
        return frame
    }

    private static func largestChannelDifference(_ a: UInt32, _ b: UInt32) -> Int {
        var largest = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let channelA = Int((a >> shift) & 255)
            let channelB = Int((b >> shift) & 255)
            largest = max(largest, abs(channelA - channelB))
        }
        return largest
    }

    @Test(
        "a zoom step's first frame resamples the first emoji of each size and makes one raster for a size used again, which the rest copy")
    func secondOfASizeGetsARaster() {
        let emojis = (0..<30).map { index in
            Emoji(
                id: index + 1, text: ["😀", "🐶", "🌵"][index % 3],
                position: DocumentPoint(x: Double(index % 10) * 40 - 200, y: Double(index / 10) * 60 - 60), size: 36)
        }
        let model = EmojiArtModel(background: .blank, emojis: emojis, uniqueEmojiId: emojis.count)
        let renderer = DocumentRenderer()
        _ = RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
            renderer.drawDirectly(
                model, background: nil, viewport: Viewport(), viewSize: Self.viewSize, deviceScale: 1, selection: [],
                intoImage: cairo_get_target(cr))
        }
        let made = renderer.rasterCache.rasterizedCount
        let image = RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
            renderer.drawDirectly(
                model, background: nil, viewport: Viewport(zoom: 1.1), viewSize: Self.viewSize, deviceScale: 1, selection: [],
                intoImage: cairo_get_target(cr), rastersPayOff: false)
        }
        #expect(renderer.lastResampledCount == 3)
        #expect(renderer.rasterCache.rasterizedCount - made == 3)
        #expect(renderer.lastFrameWasExact && renderer.missingRasters.isEmpty)
        let reference = RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
            DocumentRenderer().drawDirectly(
                model, background: nil, viewport: Viewport(zoom: 1.1), viewSize: Self.viewSize, deviceScale: 1, selection: [],
                intoImage: cairo_get_target(cr))
        }
        #expect(image.differingPixelCount(from: reference, tolerance: 0) == 0)
    }

    /// Decodes the glyphs of `model`'s emojis into the process's store, as the frames before a
    /// zoom step have.
    private func decodeGlyphs(of model: EmojiArtModel) {
        let renderer = DocumentRenderer()
        for text in Set(model.emojis.map(\.text)) { _ = renderer.rasterCache.raster(for: text, pixelSize: 8) }
    }

    /// A layer with the canvas's budget for `model` (its glyphs decoded) that paints frames on a
    /// queue of its own and keeps each landing for the test to run on its own thread, as the
    /// canvas runs it on the main one.
    private func canvasLayer(for model: EmojiArtModel) -> (ContentLayer, Landings) {
        decodeGlyphs(of: model)
        let layer = ContentLayer()
        layer.renderer.rasterBudget = .canvasFrame
        let landings = Landings()
        let queue = DispatchQueue(label: "frame painting")
        layer.offThreadPainting = OffThreadPainting { work, then in
            queue.async {
                work()
                landings.add(then)
            }
        }
        return (layer, landings)
    }

    /// What `layer` draws of `model` at `zoom` in a view of `viewSize`.
    private static func frame(of layer: ContentLayer, _ model: EmojiArtModel, zoom: Double, interactive: Bool = false) -> RenderedImage {
        RenderedImage(width: Int(viewSize.width), height: Int(viewSize.height)) { cr in
            layer.draw(
                model, background: nil, viewport: Viewport(zoom: zoom), viewSize: viewSize, deviceScale: 1, selection: [],
                into: cr, isInteractive: interactive)
        }
    }

    /// The landings of frames painted off the layer's thread, waiting for the test to run them.
    private final class Landings: @unchecked Sendable {
        private let lock = NSLock()
        private var waiting: [@Sendable () -> Void] = []
        var count: Int { lock.withLock { waiting.count } }
        func add(_ landing: @escaping @Sendable () -> Void) { lock.withLock { waiting.append(landing) } }
        func takeAll() -> [@Sendable () -> Void] {
            lock.withLock {
                defer { waiting = [] }
                return waiting
            }
        }
    }

    @Test(
        "a zoom step's frame on a user's drawing is painted off the layer's thread: the layer shows its frame moved until it lands, then the exact frame"
    )
    func zoomStepPaintedOffThread() async throws {
        let model = BudgetedFrameTests.model
        let (layer, landings) = canvasLayer(for: model)
        var landed = 0
        layer.onFrameLanded = { landed += 1 }
        func draw(_ zoom: Double, into target: ContentLayer? = nil, interactive: Bool = false) -> RenderedImage {
            Self.frame(of: target ?? layer, model, zoom: zoom, interactive: interactive)
        }
        _ = draw(1)
        let made = layer.renderer.rasterCache.rasterizedCount
        let waiting = draw(1.13)
        #expect(layer.isPaintingOffThread && layer.renderCount == 1)
        #expect(layer.renderer.lastResampledCount >= ContentLayer.offThreadResampledCount)
        // Meanwhile: the frame at zoom 1, scaled, as a pinch shows it, and no second flight.
        let moved = ContentLayer()
        _ = draw(1, into: moved)
        #expect(waiting.differingPixelCount(from: draw(1.13, into: moved, interactive: true), tolerance: 0) == 0)
        _ = draw(1.13)
        #expect(layer.renderAttemptCount == 2)

        try await waitUntil("the frame painted") { landings.count == 1 }
        for landing in landings.takeAll() { landing() }
        #expect(landed == 1 && !layer.isPaintingOffThread && layer.renderCount == 2)
        #expect(layer.renderer.rasterCache.rasterizedCount - made < 24, "a raster only for sizes painted twice")
        let shown = draw(1.13)
        #expect(layer.renderAttemptCount == 2, "the landed frame is shown, not rendered again")
        let reference = ContentLayer()
        #expect(shown.differingPixelCount(from: draw(1.13, into: reference), tolerance: 2) == 0)

        // The next step paints into the surface the landed frame replaced, cleared.
        _ = draw(1.25)
        try await waitUntil("the next frame painted") { landings.count == 1 }
        for landing in landings.takeAll() { landing() }
        #expect(landed == 2)
        #expect(draw(1.25).differingPixelCount(from: draw(1.25, into: ContentLayer()), tolerance: 2) == 0)
    }

    @Test(
        "a settled zoom step rendered ahead of its draw paints off the thread with nothing drawn meanwhile; a frame painted at once, or another content, is drawn as usual"
    )
    func renderAheadOfTheDraw() async throws {
        let model = BudgetedFrameTests.model
        let (layer, landings) = canvasLayer(for: model)
        var landed = 0
        layer.onFrameLanded = { landed += 1 }
        func draw(_ zoom: Double, into target: ContentLayer? = nil, model drawn: EmojiArtModel? = nil) -> RenderedImage {
            Self.frame(of: target ?? layer, drawn ?? model, zoom: zoom)
        }
        func renderAhead(_ zoom: Double, model ahead: EmojiArtModel? = nil) -> Bool {
            layer.renderAhead(
                ahead ?? model, background: nil, viewport: Viewport(zoom: zoom), viewSize: Self.viewSize, deviceScale: 1,
                selection: [])
        }
        _ = draw(1)
        #expect(!renderAhead(1.13), "the view shows the frame moved already: no draw until it lands")
        #expect(layer.isPaintingOffThread && layer.renderAttemptCount == 2)
        #expect(renderAhead(1.13) && layer.renderAttemptCount == 2, "one flight at a time: drawn as usual")
        try await waitUntil("the frame painted") { landings.count == 1 }
        for landing in landings.takeAll() { landing() }
        #expect(landed == 1 && layer.renderCount == 2)
        let shown = draw(1.13)
        #expect(layer.renderAttemptCount == 2, "the landed frame is shown, not rendered again")
        #expect(shown.differingPixelCount(from: draw(1.13, into: ContentLayer()), tolerance: 2) == 0)

        // Nothing new to render: drawn as usual, no attempt.
        #expect(renderAhead(1.13) && layer.renderAttemptCount == 2)
        // Another content (an emoji deleted): left to the draw, which renders it at once.
        var edited = model
        _ = edited.removeEmojis(withIDs: [model.emojis.last!.id])
        #expect(renderAhead(1.25, model: edited) && layer.renderAttemptCount == 2)

        // A frame resampling few emojis is painted at once, ahead: the draw shows it as it is.
        let few = EmojiArtModel(background: .blank, emojis: Array(model.emojis.prefix(3)), uniqueEmojiId: 3)
        let (small, _) = canvasLayer(for: few)
        _ = draw(1, into: small, model: few)
        let paintedAhead = small.renderAhead(
            few, background: nil, viewport: Viewport(zoom: 1.13), viewSize: Self.viewSize, deviceScale: 1, selection: [])
        #expect(paintedAhead && !small.isPaintingOffThread && small.renderCount == 2)
        let smallShown = draw(1.13, into: small, model: few)
        #expect(small.renderAttemptCount == 2)
        #expect(smallShown.differingPixelCount(from: draw(1.13, into: ContentLayer(), model: few), tolerance: 2) == 0)
    }

    @Test("a row span table unites or intersects any range of rows as walking them does")
    func rowSpanTable() {
        var state: UInt64 = 23
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let spans = (0..<137).map { _ -> RasterRows.Span in
            let start = Int32(next() % 100)
            return next() % 5 == 0 ? RasterRows.Span(start: 0, end: 0) : RasterRows.Span(start: start, end: start + Int32(next() % 40))
        }
        let union = RowSpanTable(spans, .union)
        let intersection = RowSpanTable(spans, .intersection)
        for from in 0..<spans.count {
            for to in (from + 1)...spans.count {
                let rows = spans[from..<to]
                let inked = rows.filter { !$0.isEmpty }
                let united = union.combined(from: from, to: to)
                if inked.isEmpty {
                    #expect(united.start > united.end)
                } else {
                    #expect(united.start == inked.map(\.start).min() && united.end == inked.map(\.end).max())
                }
                let common = intersection.combined(from: from, to: to)
                #expect(common.start == rows.map(\.start).max() && common.end == rows.map(\.end).min())
            }
        }
    }

    @Test("a frame painted off the thread for content the layer no longer shows is never shown")
    func staleFlightIsDropped() async throws {
        let model = BudgetedFrameTests.model
        let (layer, landings) = canvasLayer(for: model)
        func draw(_ model: EmojiArtModel, _ zoom: Double) -> RenderedImage { Self.frame(of: layer, model, zoom: zoom) }
        _ = draw(model, 1)
        _ = draw(model, 1.13)
        #expect(layer.isPaintingOffThread)
        // An emoji deleted meanwhile: rendered at once, and the flight is forgotten.
        var edited = model
        _ = edited.removeEmojis(withIDs: [model.emojis.last!.id])
        let afterEdit = draw(edited, 1.13)
        #expect(!layer.isPaintingOffThread)
        try await waitUntil("the stale frame painted") { landings.count == 1 }
        for landing in landings.takeAll() { landing() }
        let shown = draw(edited, 1.13)
        #expect(shown.differingPixelCount(from: afterEdit, tolerance: 0) == 0)
    }
}
