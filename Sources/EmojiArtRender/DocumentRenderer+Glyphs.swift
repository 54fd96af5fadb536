/// Emojis a frame paints from their decoded glyphs rather than from rasters
/// (`DocumentRenderer.drawDirectly`): which, and the pixels the frame makes for them.
extension DocumentRenderer {
    /// An upright emoji's pixels a frame makes as it is painted, from its glyph
    /// (`FrameResampling`). Read by the painter's threads; the glyph is immutable.
    struct PendingPixels: @unchecked Sendable {
        var glyph: EmojiGlyphMipmap
        var window: EmojiGlyphMipmap.InkWindow
        var jobs: [Int]
    }

    /// The glyph of `text` to resample in place at `pixelSize`, and where: an upright emoji
    /// whose raster is not cached is painted from its glyph when its raster would not pay — its
    /// size is painted once (`rastersPayOff` false: the first emoji of a size; the second gets a
    /// raster, which the rest copy) — or cannot be made in time (past the budget: then the raster
    /// is wanted for the frames after). Nil when the raster is to be made, its glyph is not
    /// decoded or it has no ink.
    func glyphToResample(
        of text: String, pixelSize: Int, rastersPayOff: Bool, in planned: inout PlannedFrame
    ) -> (EmojiGlyphMipmap, EmojiGlyphMipmap.InkWindow)? {
        guard pixelSize <= EmojiRasterCache.maximumPixelSize else { return nil }
        let key = EmojiRasterCache.key(for: text, pixelSize: pixelSize)
        let isPastBudget = planned.budget.isPastBudget(rasterBudget)
        guard isPastBudget || (!rastersPayOff && planned.resampledKeys.insert(key).inserted),
            let glyph = rasterCache.decodedGlyph(for: text)
        else { return nil }
        let window = glyph.inkWindow(forPixelSize: pixelSize)
        guard !window.isEmpty else { return nil }
        if rastersPayOff { planned.budget.wantAhead(RasterRequest(text: key.text, pixelSize: key.pixelSize)) }
        return (glyph, window)
    }

    /// The glyph of `text` and where its pixels at `pixelSize` lie, for a turned emoji without
    /// the upright raster of its size to be sampled straight from the glyph's level
    /// (`LevelSampling`): when that raster would not pay (`rastersPayOff` false)
    /// or cannot be made in time (past the budget: then it is wanted for the frames after). Nil
    /// when the raster is to be made, the glyph is not decoded or it has no ink.
    func frameRasterGlyph(
        of text: String, pixelSize: Int, rastersPayOff: Bool, in planned: inout PlannedFrame
    ) -> (EmojiGlyphMipmap, EmojiGlyphMipmap.InkWindow)? {
        guard pixelSize <= EmojiRasterCache.maximumPixelSize, !rastersPayOff || planned.budget.isPastBudget(rasterBudget),
            let glyph = rasterCache.decodedGlyph(for: text)
        else { return nil }
        let window = glyph.inkWindow(forPixelSize: pixelSize)
        guard !window.isEmpty else { return nil }
        let key = EmojiRasterCache.key(for: text, pixelSize: pixelSize)
        if rastersPayOff { planned.budget.wantAhead(RasterRequest(text: key.text, pixelSize: key.pixelSize)) }
        return (glyph, window)
    }
}

extension DocumentRenderer.PlannedFrame {
    /// The level of `glyph` (the emoji `text`'s) that `window` resamples, for turned emojis to
    /// sample: made once a frame.
    mutating func levelSampling(of glyph: EmojiGlyphMipmap, text: String, window: EmojiGlyphMipmap.InkWindow) -> LevelSampling {
        let key = LevelSampling.Key(text: text, levelFactor: window.resampling.levelFactor)
        if let level = sampledLevels[key] { return level }
        let level = LevelSampling(glyph, level: window.resampling.level, ink: window.levelInk)
        sampledLevels[key] = level
        return level
    }
}
