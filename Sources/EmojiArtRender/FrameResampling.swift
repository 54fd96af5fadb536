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

/// An emoji at one size resampled from its glyph into a buffer of its own for one frame, for
/// the turned or mirrored emojis of that size in a zoom step's first frame to be sampled from:
/// the pixels of its raster without the scan, the packing and the cache (the next step wants
/// another size).
final class FrameRaster {
    /// The raster's pixels over its ink window, `columns.count` a row.
    let pixels: UnsafeMutablePointer<UInt32>
    /// Each window row as the sampler reads it (`emojiart_sample_row`).
    let sampleRows: UnsafeMutableBufferPointer<emojiart_sample_row>

    /// `glyph` resampled over `window` (its `inkWindow` at some size); nil when the window is
    /// empty or there is no memory.
    init?(_ glyph: EmojiGlyphMipmap, window: EmojiGlyphMipmap.InkWindow) {
        guard !window.isEmpty else { return nil }
        let (level, ink, width) = (window.resampling.level, window.levelInk, window.columns.count)
        pixels = .allocate(capacity: width * window.rows.count)
        let resampled = emojiart_resample_window(
            level.pixels, Int32(level.width), Int32(level.height), Int32(level.width * 4),
            Int32(ink.left), Int32(ink.top), Int32(ink.right), Int32(ink.bottom),
            pixels, Int32(window.columns.lowerBound), Int32(window.rows.lowerBound), Int32(width),
            Int32(window.rows.count), Int32(width * 4), window.resampling.step, window.resampling.offsetX,
            window.resampling.offsetY)
        guard resampled != 0 else {
            pixels.deallocate()
            return nil
        }
        let start = Int32(window.columns.lowerBound)
        sampleRows = .allocate(capacity: window.rows.count)
        for row in 0..<window.rows.count {
            sampleRows[row] = emojiart_sample_row(
                offset: Int32(row * width) - start, start: start, end: Int32(window.columns.upperBound))
        }
    }

    deinit {
        pixels.deallocate()
        sampleRows.deallocate()
    }

    /// A job that will read a frame raster over `window` as `rowsJob` reads a raster's rows,
    /// its pixels not yet attached (`attach`); the caller places it.
    static func job(over window: EmojiGlyphMipmap.InkWindow) -> emojiart_paint_job {
        var job = emojiart_paint_job()
        job.row_count = Int32(window.rows.count)
        job.first_row = Int32(window.rows.lowerBound)
        job.ink_left = Int32(window.columns.lowerBound)
        job.ink_right = Int32(window.columns.upperBound)
        return job
    }

    /// Points `job` (from `job(over:)`) at these pixels.
    func attach(to job: inout emojiart_paint_job) {
        job.raster = UnsafePointer(pixels)
        job.sample_rows = UnsafePointer(sampleRows.baseAddress)
    }
}
