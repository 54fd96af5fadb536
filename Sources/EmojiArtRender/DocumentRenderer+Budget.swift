import EmojiArtCore

/// How a frame is drawn under a `RasterBudget`: what it does when a raster is not
/// cached, and whether it paints at all.
public enum FrameOutcome: Sendable {
    /// Every emoji painted from a raster of its own size.
    case exact
    /// Painted, some emojis from a raster of another size or not at all (`missingRasters`).
    case provisional
    /// Not painted: more rasters were missing than the budget could make (`missingRasters`).
    case deferred
}

extension DocumentRenderer {
    /// What a frame under a `rasterBudget` decided so far.
    struct FramePlan {
        /// Past it (monotonic nanoseconds), no more rasters are made; nil: no budget.
        var deadline: UInt64?
        /// Whether the frame may give up painting once the budget is spent.
        var mayDefer = false
        var isDeferred = false
        var missing: [RasterRequest] = []
        var missingKeys: Set<RasterRequest> = []
        /// Rasters of emojis this frame painted exactly without them (resampled from their glyphs
        /// past the budget), wanted for the frames after it.
        var ahead: [RasterRequest] = []
        var standInCount = 0
        var standInPixelsLeft = RasterBudget.canvasFrame.standInPixels
        var unpaintedCount = 0

        /// Whether the budget still allows making a raster now.
        func isWithinBudget(_ budget: RasterBudget?) -> Bool {
            guard let deadline, let budget else { return true }
            return !isDeferred && budget.clock() < deadline
        }

        mutating func want(_ request: RasterRequest) {
            if missingKeys.insert(request).inserted { missing.append(request) }
        }

        mutating func wantAhead(_ request: RasterRequest) {
            if missingKeys.insert(request).inserted { ahead.append(request) }
        }

        /// Whether the budget was set and is spent.
        func isPastBudget(_ budget: RasterBudget?) -> Bool {
            deadline != nil && budget != nil && !isWithinBudget(budget)
        }
    }

    /// The raster an emoji not cached at its size is painted from in this frame, and whether it
    /// is of its own size. Without a budget (export, `render`, tests) it is always made. Under
    /// one it is made while the budget lasts; past it the frame is deferred when it may be,
    /// else a cached raster of another size stands in while the stand-in pixels last, else the
    /// emoji is not painted; either way the wanted raster is listed in `missingRasters`.
    func frameRaster(
        for text: String, pixelSize: Int, devicePixels: Double, plan: inout FramePlan
    ) -> (EmojiRaster, isExact: Bool)? {
        guard plan.deadline != nil, rasterBudget != nil else {
            return rasterCache.raster(for: text, pixelSize: pixelSize).map { ($0, true) }
        }
        if plan.isWithinBudget(rasterBudget), let made = rasterCache.raster(for: text, pixelSize: pixelSize) {
            return (made, true)
        }
        plan.want(
            RasterRequest(
                text: EmojiRasterizer.laidOutText(text), pixelSize: min(pixelSize, EmojiRasterCache.maximumPixelSize)))
        if plan.mayDefer {
            plan.isDeferred = true
            return nil
        }
        let pixels = Int(devicePixels * devicePixels)
        if plan.standInPixelsLeft >= pixels, let standIn = rasterCache.nearestRaster(for: text, pixelSize: pixelSize) {
            plan.standInPixelsLeft -= pixels
            plan.standInCount += 1
            return (standIn, false)
        }
        plan.unpaintedCount += 1
        return nil
    }

    /// Marks as covered what `emoji`'s raster, not made yet, will hide for sure (its glyph's
    /// opaque pixels, scaled), when its glyph is decoded.
    func coverOpaquePixels(
        of emoji: Emoji, pixelSize: Int, center: ViewPoint, deviceScale: Double, in grid: inout OcclusionGrid
    ) {
        guard pixelSize <= EmojiRasterCache.maximumPixelSize, let glyph = rasterCache.decodedGlyph(for: emoji.text) else { return }
        let occlusion = GlyphOcclusion(glyph, pixelSize: pixelSize)
        // Where the raster will lie: `planEmojis`'s whole-pixel placement.
        let side = Double(occlusion.side)
        let left = Int((center.x * deviceScale - side / 2).rounded())
        let top = Int((center.y * deviceScale - side / 2).rounded())
        grid.cover(opaqueRows: occlusion.opaqueRows, left: left, top: top, opaqueColumns: occlusion.opaqueColumns)
    }

    /// Whether everything `emoji` could show lies under opaque pixels already painted above it:
    /// its glyph's ink scaled to the size (turned: the circle around it), else the most any
    /// raster of it can cover; with two pixels for placement rounding.
    func isBuried(
        _ emoji: Emoji, devicePixels: Double, center: ViewPoint, deviceScale: Double, under grid: OcclusionGrid
    ) -> Bool {
        let pixelSize = Int(devicePixels.rounded())
        var reach: (x: Double, y: Double)
        if pixelSize <= EmojiRasterCache.maximumPixelSize, let glyph = rasterCache.decodedGlyph(for: emoji.text) {
            reach = glyph.inkReach(forPixelSize: pixelSize)
            if emoji.rotation != 0 {
                let radius = (reach.x * reach.x + reach.y * reach.y).squareRoot()
                reach = (radius, radius)
            }
        } else {
            let most = devicePixels * EmojiRasterizer.maximumWidthPerHeight / 2 * (emoji.rotation != 0 ? 2.0.squareRoot() : 1)
            reach = (most, most)
        }
        let (x, y) = (center.x * deviceScale, center.y * deviceScale)
        return grid.hides(
            x0: Int((x - reach.x - 2).rounded(.down)), y0: Int((y - reach.y - 2).rounded(.down)),
            x1: Int((x + reach.x + 2).rounded(.up)), y1: Int((y + reach.y + 2).rounded(.up)))
    }
}
