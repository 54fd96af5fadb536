import EmojiArtCore
import EmojiArtRender
import EmojiArtTestSupport
import Foundation

/// Frames of documents shaped like users' (issue 23: every emoji its own size, many kinds, some
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
                    result = (elapsed, renderer.rasterCache.rasterizedCount, glyphs.decodedCount, renderer.rasterCache.totalBytes + glyphs.byteCount)
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

        let cold300 = coldFrame(user300), cold3k = coldFrame(user3k), cold100k = coldFrame(user100k)
        let uniformStep = zoomStep(uniform), userStep = zoomStep(user3k)
        return [
            Row(name: "first frame, user art 300, nothing decoded", value: milliseconds(cold300.milliseconds),
                note: "\(cold300.rasters) rasters from \(cold300.glyphs) glyphs"),
            Row(name: "first frame, user art 3,000, nothing decoded", value: milliseconds(cold3k.milliseconds),
                note: String(format: "%d rasters from %d glyphs; cache %.1f MB", cold3k.rasters, cold3k.glyphs, Double(cold3k.cacheBytes) / 1e6)),
            Row(name: "first frame, user art 100,000, nothing decoded", value: milliseconds(cold100k.milliseconds),
                note: String(format: "%d rasters from %d glyphs; cache %.1f MB", cold100k.rasters, cold100k.glyphs, Double(cold100k.cacheBytes) / 1e6)),
            Row(name: "zoom step, uniform 10k art", value: milliseconds(uniformStep.milliseconds),
                note: "\(uniformStep.rasters) rasters made"),
            Row(name: "zoom step, user art 3,000", value: milliseconds(userStep.milliseconds),
                note: String(format: "%d rasters made; %.2f× the uniform step (target ≤ 2×)", userStep.rasters, userStep.milliseconds / uniformStep.milliseconds)),
        ]
    }
}
