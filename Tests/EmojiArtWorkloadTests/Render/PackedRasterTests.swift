import CPangoCairo
import CRenderKernels
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// A raster resampled from a glyph is resampled only where its ink can reach and kept as that
/// ink alone: the same pixels as the whole square resampled, in less memory than the square.
@Suite struct PackedRasterTests {
    static let emojis = ["😀", "☀️", "🐻‍❄️", "🇫🇷", "1️⃣"]
    static let sizes = [1, 3, 5, 8, 13, 20, 31, 47, 64, 100, 137, 150, 200, 300, 600, 1024]

    /// The whole square resampled as `emojiart_resample` makes it, row after row; nil when it
    /// makes none (a size too small for the smallest level).
    private static func wholeResample(of glyph: EmojiGlyphMipmap, pixelSize: Int) -> [UInt32]? {
        let resampling = glyph.resampling(forPixelSize: pixelSize)
        let (side, level) = (resampling.side, resampling.level)
        var pixels = [UInt32](repeating: 0xDEAD_BEEF, count: side * side)
        let made = pixels.withUnsafeMutableBufferPointer { target in
            emojiart_resample(
                level.pixels, Int32(level.width), Int32(level.height), Int32(level.width * 4), target.baseAddress,
                Int32(side), Int32(side), Int32(side * 4), resampling.step, resampling.offsetX, resampling.offsetY)
        }
        return made != 0 ? pixels : nil
    }

    @Test("resampled around its ink alone, a raster has the whole square's pixels, bit for bit", arguments: emojis)
    func windowedIsWhole(emoji: String) throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        let glyph = try #require(rasterizer.makeGlyph(of: emoji))
        let scratch = RasterScratch()
        for size in Self.sizes {
            guard let whole = Self.wholeResample(of: glyph, pixelSize: size) else {
                #expect(glyph.makeRaster(pixelSize: size, scratch: scratch) == nil, "\(emoji) \(size) px: made as a whole neither")
                continue
            }
            let raster = try #require(glyph.makeRaster(pixelSize: size, scratch: scratch), "\(emoji) \(size) px")
            let kept = RasterComparison.pixels(of: raster)
            try #require(kept.count == whole.count, "\(emoji) \(size) px")
            let differing = zip(kept, whole).filter { $0 != $1 }.count
            #expect(differing == 0, "\(emoji) at \(size) px: \(differing) pixels differ")
        }
    }

    @Test("a raster keeps its ink alone: well under its square's memory")
    func keepsInkAlone() throws {
        let cache = EmojiRasterCache(glyphs: EmojiGlyphStore())
        for size in [40, 120] {
            let raster = try #require(cache.raster(for: "😀", pixelSize: size))
            #expect(raster.rows.rowCount < raster.side, "the empty rows above and below are not kept")
            #expect(raster.byteCount < raster.side * raster.side * 4 * 9 / 10, "\(size) px: \(raster.byteCount) bytes")
        }
    }

    @Test("a blank glyph makes a blank raster with no rows")
    func blankRows() throws {
        let rows = RasterRows(pixels: nil, strideBytes: 0, left: 0, top: 0, width: 0, height: 0, packing: true)
        #expect(rows.rowCount == 0 && rows.runs.isEmpty && rows.inkColumns.isEmpty)
        let raster = EmojiRaster(rows: rows, pixelSize: 20, side: 21)
        let image = try #require(raster.makeSurface())
        defer { cairo_surface_destroy(image) }
        #expect(RasterComparison.pixels(of: raster).allSatisfy { $0 == 0 })
    }

    @Test("the rows the sampler of turned emojis reads hold every pixel of the square, and nothing beside", arguments: emojis)
    func sampleRowsAreTheSquare(emoji: String) throws {
        let cache = EmojiRasterCache(glyphs: EmojiGlyphStore())
        for size in [7, 40, 137] {
            let raster = try #require(cache.raster(for: emoji, pixelSize: size))
            let rows = raster.rows
            let square = RasterComparison.pixels(of: raster)
            var differing = 0
            for y in 0..<raster.side {
                let row = rows.sampleRows.indices.contains(y - rows.firstRow) ? rows.sampleRows[y - rows.firstRow] : nil
                for x in 0..<raster.side {
                    let sampled =
                        row.flatMap { x >= Int($0.start) && x < Int($0.end) ? rows.pixels?[Int($0.offset) + x] : nil } ?? 0
                    if sampled != square[y * raster.side + x] { differing += 1 }
                }
            }
            #expect(differing == 0, "\(emoji) at \(size) px: \(differing) pixels differ")
        }
    }
}
