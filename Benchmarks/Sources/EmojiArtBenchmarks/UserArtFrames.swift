import CBenchmarkPangoCairo
import EmojiArtCore
import EmojiArtRender
import EmojiArtTestSupport
import Foundation

/// Frames of documents shaped like users' (every emoji its own size, many kinds, some
/// turned), next to the uniform 10k art in the same run: the first frame with nothing decoded,
/// and a zoom step — every raster of the new zoom made, the glyphs already decoded — which on the
/// uniform art makes ~15 rasters and on a user's drawing ~1,000.
enum UserArtFrames {
    static func rows(uniform: EmojiArtModel, viewSize: ViewSize, image: ImageSurface) -> [Row] {
        let user3k = UserShapedArt.model(emojiCount: 3_000)
        let user300 = UserShapedArt.model(emojiCount: 300)
        let user100k = UserShapedArt.model(emojiCount: 100_000)

        func coldFrame(_ model: EmojiArtModel) -> (milliseconds: Double, rasters: Int, glyphs: Int, cacheBytes: Int) {
            var result = (milliseconds: Double.infinity, rasters: 0, glyphs: 0, cacheBytes: 0)
            for _ in 0..<3 {
                let glyphs = EmojiGlyphStore()
                let renderer = DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: glyphs))
                image.clear()
                let elapsed = Measure.milliseconds {
                    renderer.drawDirectly(
                        model, background: nil, viewport: Viewport(), viewSize: viewSize, deviceScale: 1, selection: [],
                        intoImage: image.surface)
                }
                if elapsed < result.milliseconds {
                    result = (
                        elapsed, renderer.rasterCache.rasterizedCount, glyphs.decodedCount,
                        renderer.rasterCache.totalBytes + glyphs.byteCount
                    )
                }
            }
            return result
        }

        /// A frame zoomed ~10% (every size new), the renderer and glyphs warm, as a crisp frame
        /// made every raster before the canvas had a budget (export and `render` still do).
        func zoomStep(_ model: EmojiArtModel) -> (milliseconds: Double, rasters: Int) {
            let renderer = DocumentRenderer()
            var zoom = 1.0
            let draw = {
                image.clear()
                renderer.drawDirectly(
                    model, background: nil, viewport: Viewport(zoom: zoom), viewSize: viewSize, deviceScale: 1,
                    selection: [], intoImage: image.surface)
            }
            draw()
            var steps: [(milliseconds: Double, rasters: Int)] = []
            // Each step from zoom 1 to a zoom near 1.1 not seen before (the uniform art's 40 pt
            // become 44, 45, … px), so its sizes are new; the median step.
            for step in 0..<7 {
                zoom = 1
                draw()
                zoom = Double(44 + step) / 40
                let before = renderer.rasterCache.rasterizedCount
                let elapsed = Measure.milliseconds(draw)
                steps.append((elapsed, renderer.rasterCache.rasterizedCount - before))
            }
            return steps.sorted { $0.milliseconds < $1.milliseconds }[steps.count / 2]
        }

        /// A crisp frame with every raster cached.
        func warmFrame(_ model: EmojiArtModel) -> (milliseconds: Double, painted: Int) {
            let renderer = DocumentRenderer()
            let milliseconds = Measure.bestMilliseconds(runs: 7) {
                image.clear()
                renderer.drawDirectly(
                    model, background: nil, viewport: Viewport(), viewSize: viewSize, deviceScale: 1, selection: [],
                    intoImage: image.surface)
            }
            return (milliseconds, renderer.lastPaintedEmojiCount)
        }

        // One raster per size, 10–200 px, of 16 emojis: from their decoded glyphs (what every
        // raster costs now), next to Pango laying out and painting each (what each cost before).
        let rasterTexts = Array(UserShapedArt.emojiTexts.prefix(16))
        let sizes = Array(stride(from: 10, through: 200, by: 5))
        let cache = EmojiRasterCache()
        for text in rasterTexts { _ = cache.raster(for: text, pixelSize: 1) }  // glyphs decoded
        var sizeShift = 0
        let resampled =
            Measure.bestMilliseconds(runs: 3) {
                sizeShift += 1
                cache.removeAll()
                for text in rasterTexts { for size in sizes { _ = cache.raster(for: text, pixelSize: size + sizeShift) } }
            } / Double(rasterTexts.count * sizes.count)
        // Once: a second run would find cairo's glyphs of these sizes cached.
        let laidOut =
            Measure.milliseconds {
                for text in rasterTexts { for size in sizes { PangoRaster.make(text, pixelSize: size) } }
            } / Double(rasterTexts.count * sizes.count)

        /// A zoom step as the canvas takes it: the frame under the canvas's budget planned on the
        /// main thread — painted there too, unless it resamples many emojis from their glyphs,
        /// when the content layer paints it on another thread — the workshop making what it
        /// lacked, the frames after.
        func canvasZoomStep(_ model: EmojiArtModel) -> CanvasStep {
            let renderer = DocumentRenderer()
            let deliveries = DeliveryLog()
            let workshop = RasterWorkshop { deliveries.add($0) }
            defer { workshop.close() }
            // As the content layer does at a new viewport of the same content: the renderer may
            // defer the frame (the layer then shows its last frame moved, ~1 ms). Its first frame
            // at a zoom makes no raster for one use; those after it (a zoom it painted exactly) do.
            var paintedZoom = 1.0
            let draw = { (zoom: Double) -> (main: Double, offThread: Double) in
                var planned: DirectFrame?
                let planning = Measure.milliseconds {
                    planned = renderer.planDirectly(
                        model, background: nil, viewport: Viewport(zoom: zoom), viewSize: viewSize, deviceScale: 1,
                        selection: [], forImage: image.surface, mayDefer: true, rastersPayOff: zoom == paintedZoom)
                }
                guard let frame = planned, frame.outcome != .deferred else { return (planning, 0) }
                if frame.outcome == .exact { paintedZoom = zoom }
                let painting = Measure.milliseconds {
                    image.clear()
                    frame.paintBackground(into: image.surface)
                    frame.paintEmojis(into: image.surface)
                }
                return frame.resampledCount >= ContentLayer.offThreadResampledCount ? (planning, painting) : (planning + painting, 0)
            }
            _ = draw(1)
            renderer.rasterBudget = .canvasFrame
            var steps: [CanvasStep] = []
            for step in 0..<5 {
                _ = draw(1)
                let zoom = Double(44 + step) / 40
                let made = renderer.rasterCache.rasterizedCount
                let (frame, offThread) = draw(zoom)
                // As the canvas does: each delivery adopted and the frame tried again, which asks
                // the workshop anew for what that frame still lacks (the queue replaced).
                var making = 0.0
                var after = 0.0
                var delivered = 0
                var rounds = 0
                while !renderer.lastFrameWasExact, rounds < 20 {
                    rounds += 1
                    making += Measure.milliseconds {
                        workshop.request(renderer.missingRasters)
                        deliveries.waitForAny()
                    }
                    for delivery in deliveries.takeAll() {
                        renderer.rasterCache.adopt(delivery)
                        delivered += delivery.count
                    }
                    let frameAfter = draw(zoom)
                    after += frameAfter.main + frameAfter.offThread
                }
                steps.append(
                    CanvasStep(
                        frame: frame, offThread: offThread, making: making, after: after,
                        made: delivered + renderer.rasterCache.rasterizedCount - made))
            }
            return steps.sorted { $0.total < $1.total }[steps.count / 2]
        }

        // Each emoji's glyph decoded once: from the font's PNG (what a cold frame pays per kind
        // now), next to cairo drawing it at the strike (what it paid before), all kinds.
        let glyphTexts = UserShapedArt.emojiTexts
        let decoding =
            Measure.milliseconds {
                let decoder = EmojiRasterCache(glyphs: EmojiGlyphStore())
                for text in glyphTexts { _ = decoder.raster(for: text, pixelSize: 1) }
            } / Double(glyphTexts.count)
        let drawingAtStrike =
            Measure.milliseconds {
                for text in glyphTexts { PangoRaster.make(text, pixelSize: 128) }
            } / Double(glyphTexts.count)

        let cold300 = coldFrame(user300)
        let cold3k = coldFrame(user3k)
        let cold100k = coldFrame(user100k)
        let uniformCanvasStep = canvasZoomStep(uniform)
        let userCanvasStep = canvasZoomStep(user3k)
        let warm3k = warmFrame(user3k)
        let uniformStep = zoomStep(uniform)
        let userStep = zoomStep(user3k)
        return [
            Row(
                name: "raster of an emoji at a new size, 10–200 px", value: String(format: "%.0f µs", resampled * 1000),
                note: String(
                    format: "resampled from its decoded glyph; Pango at each size: %.0f µs (%.0f×)", laidOut * 1000, laidOut / resampled)),
            Row(
                name: "an emoji's glyph decoded", value: String(format: "%.0f µs", decoding * 1000),
                note: String(
                    format: "from the font's PNG, %d kinds; cairo drawing it at the strike: %.0f µs", glyphTexts.count,
                    drawingAtStrike * 1000)),
            Row(
                name: "first frame, user art 300, nothing decoded", value: milliseconds(cold300.milliseconds),
                note: "\(cold300.rasters) rasters from \(cold300.glyphs) glyphs"),
            Row(
                name: "first frame, user art 3,000, nothing decoded", value: milliseconds(cold3k.milliseconds),
                note: String(
                    format: "%d rasters from %d glyphs; cache %.1f MB", cold3k.rasters, cold3k.glyphs, Double(cold3k.cacheBytes) / 1e6)),
            Row(
                name: "first frame, user art 100,000, nothing decoded", value: milliseconds(cold100k.milliseconds),
                note: String(
                    format: "%d rasters from %d glyphs; cache %.1f MB", cold100k.rasters, cold100k.glyphs, Double(cold100k.cacheBytes) / 1e6
                )),
            Row(
                name: "crisp frame, user art 3,000, rasters cached", value: milliseconds(warm3k.milliseconds),
                note: "\(warm3k.painted) of 3,000 painted, the rest hidden"),
            Row(
                name: "zoom step, uniform 10k art", value: milliseconds(uniformStep.milliseconds),
                note: "\(uniformStep.rasters) rasters made"),
            Row(
                name: "zoom step, user art 3,000", value: milliseconds(userStep.milliseconds),
                note: String(
                    format: "%d rasters made in the frame; %.2f× the uniform step", userStep.rasters,
                    userStep.milliseconds / uniformStep.milliseconds)),
            Row(
                name: "canvas zoom step, uniform 10k art: frame", value: milliseconds(uniformCanvasStep.frame),
                note: String(
                    format: "under the canvas's budget, which made its %d rasters; step in all %.1f ms", uniformCanvasStep.made,
                    uniformCanvasStep.total)),
            Row(
                name: "canvas zoom step, user art 3,000: main thread", value: milliseconds(userCanvasStep.frame),
                note: String(
                    format: "the frame planned (target ≤ 16 ms); painted off the main thread: %.1f ms, the layer moved meanwhile",
                    userCanvasStep.offThread)),
            Row(
                name: "  the workshop's rasters and the frames after them",
                value: milliseconds(userCanvasStep.making + userCanvasStep.after),
                note: String(
                    format:
                        "%d rasters, on one thread %.1f ms, + frames %.1f ms; step in all %.1f ms = %.2f× the uniform step's",
                    userCanvasStep.made, userCanvasStep.making, userCanvasStep.after, userCanvasStep.total,
                    userCanvasStep.total / uniformCanvasStep.total)),
        ]
    }
}

/// A raster made as `EmojiRasterizer` made every raster before glyphs were resampled: Pango lays the emoji
/// out at the size and cairo paints it (decoding and scaling the glyph's bitmap each time).
enum PangoRaster {
    static func make(_ text: String, pixelSize: Int) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelSize * 2), Int32(pixelSize * 2))
        let cr = cairo_create(surface)
        let layout = pango_cairo_create_layout(cr)
        let font = pango_font_description_from_string("Noto Color Emoji")
        pango_font_description_set_absolute_size(font, Double(pixelSize) / 1.171875 * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        pango_cairo_show_layout(cr, layout)
        cairo_surface_flush(surface)
        pango_font_description_free(font)
        g_object_unref(UnsafeMutableRawPointer(layout))
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }
}

/// One zoom step as the canvas takes it, in milliseconds.
struct CanvasStep {
    /// On the main thread.
    var frame: Double
    /// Painted off the main thread (the layer shows its last frame moved meanwhile).
    var offThread: Double
    var making: Double
    var after: Double
    var made: Int
    var total: Double { frame + offThread + making + after }
}

/// What a workshop delivered, waited for by the benchmark's thread.
final class DeliveryLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var deliveries: [RasterWorkshop.Delivery] = []

    func add(_ delivery: RasterWorkshop.Delivery) {
        condition.withLock {
            deliveries.append(delivery)
            condition.broadcast()
        }
    }

    /// Waits until a delivery is here (10 s at most).
    func waitForAny() {
        let deadline = Date().addingTimeInterval(10)
        condition.withLock {
            while deliveries.isEmpty, condition.wait(until: deadline) {}
        }
    }

    func takeAll() -> [RasterWorkshop.Delivery] {
        condition.withLock {
            defer { deliveries = [] }
            return deliveries
        }
    }
}
