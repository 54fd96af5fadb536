import CRenderKernels

/// An emoji at one size painted straight from its glyph's mipmap into a frame, without a raster:
/// the frame's painter resamples it row by row as it blends it, bit for bit the pixels its
/// raster would hold. A zoom step gives nearly every emoji of a user's drawing a size of its own
/// that the next step will not use; making, scanning and keeping a raster for each (~45 µs and
/// ~40 KB apiece) cost twice what painting them this way does.
///
/// Keeps its glyph alive while a frame paints from it.
final class FrameResampling {
    let resampling: OpaquePointer
    /// Where the resampled part lies in the emoji's raster square (`EmojiGlyphMipmap.InkWindow`).
    let columns: Range<Int>
    let rows: Range<Int>
    /// The raster square's side.
    let side: Int
    private let glyph: EmojiGlyphMipmap

    /// `glyph` resampled over `window` (its `inkWindow` at some size); nil when the window is
    /// empty or there is no memory for the taps.
    init?(_ glyph: EmojiGlyphMipmap, window: EmojiGlyphMipmap.InkWindow) {
        guard !window.isEmpty else { return nil }
        let (level, ink) = (window.resampling.level, window.levelInk)
        guard
            let resampling = emojiart_resampling_create(
                level.pixels, Int32(level.width), Int32(level.height), Int32(level.width * 4),
                Int32(ink.left), Int32(ink.top), Int32(ink.right), Int32(ink.bottom),
                Int32(window.columns.lowerBound), Int32(window.rows.lowerBound), Int32(window.columns.count),
                Int32(window.rows.count), window.resampling.step, window.resampling.offsetX, window.resampling.offsetY)
        else { return nil }
        self.resampling = resampling
        columns = window.columns
        rows = window.rows
        side = window.resampling.side
        self.glyph = glyph
    }

    deinit {
        emojiart_resampling_destroy(resampling)
    }
}

/// A mipmap level of an emoji's glyph as a transformed job samples it, box-filtered
/// (`emojiart_paint_job.box_width`): the turned or mirrored emojis of a zoom step's first frame
/// are painted straight from their glyph's level, without a raster of their size (their sizes
/// are used once). Its rows over the level's ink; keeps the glyph alive while a frame paints.
final class LevelSampling {
    /// A frame makes one per emoji kind and level.
    struct Key: Hashable {
        var text: String
        var levelFactor: Int
    }

    let sampleRows: UnsafeMutableBufferPointer<emojiart_sample_row>
    let level: EmojiGlyphMipmap.Level
    let ink: (left: Int, top: Int, right: Int, bottom: Int)
    private let glyph: EmojiGlyphMipmap

    init(_ glyph: EmojiGlyphMipmap, level: EmojiGlyphMipmap.Level, ink: (left: Int, top: Int, right: Int, bottom: Int)) {
        self.glyph = glyph
        self.level = level
        self.ink = ink
        sampleRows = .allocate(capacity: max(0, ink.bottom - ink.top))
        for row in ink.top..<max(ink.top, ink.bottom) {
            sampleRows[row - ink.top] = emojiart_sample_row(
                offset: Int32(row * level.width), start: Int32(ink.left), end: Int32(ink.right))
        }
    }

    deinit {
        sampleRows.deallocate()
    }

    /// A job reading this level, its ink placed as `FrameRaster.job(over:)` places a raster's;
    /// the caller turns it and then maps it onto the level (`mapOntoLevel`).
    var job: emojiart_paint_job {
        var job = emojiart_paint_job()
        job.raster = UnsafePointer(level.pixels)
        job.sample_rows = UnsafePointer(sampleRows.baseAddress)
        job.row_count = Int32(max(0, ink.bottom - ink.top))
        job.first_row = Int32(ink.top)
        job.ink_left = Int32(ink.left)
        job.ink_right = Int32(ink.right)
        job.raster_width = Int32(level.width)
        job.raster_height = Int32(level.height)
        return job
    }

    /// How much wider than a frame pixel's span the box is (two level pixels at most, three
    /// taps a side): a turned raster is the level box-filtered to the emoji's size and then
    /// sampled bilinearly, which blurs once more. Over a crowd of turned emojis, 455 pixels in
    /// 120,000 differ from that by more than 24 levels at 1.25 spans, 950 at one span; wider
    /// boxes come closer (102 at 1.5 spans) but need four taps, which cost back what the
    /// raster saved.
    static let widthFactor = 1.25

    /// `job`, whose inverse maps frame pixels into the raster square `resampling` makes, mapped
    /// onto the level instead, and box-filtered over `widthFactor` times the level pixels a
    /// frame pixel spans (a frame pixel is `factor` raster pixels wide); an emoji enlarged past
    /// its glyph's picture is sampled bilinearly.
    static func mapOntoLevel(
        _ job: inout emojiart_paint_job, resampling: EmojiGlyphMipmap.Resampling, factor: Double,
        widthFactor: Double = widthFactor
    ) {
        let step = resampling.step
        job.inverse.0 *= step
        job.inverse.1 *= step
        job.inverse.2 = job.inverse.2 * step + resampling.offsetX
        job.inverse.3 *= step
        job.inverse.4 *= step
        job.inverse.5 = job.inverse.5 * step + resampling.offsetY
        let width = step / factor * widthFactor
        job.box_width = width >= 1 ? min(width, 2) : 0
    }
}
