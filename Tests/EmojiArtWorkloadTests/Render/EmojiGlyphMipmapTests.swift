import CPangoCairo
import EmojiArtRenderTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// Rasters resampled from each emoji's glyph, decoded once at the font's strike, look
/// like the ones Pango and cairo paint at each size — within a stated tolerance, not bit for bit.
@Suite struct EmojiGlyphMipmapTests {
    /// Emojis of every kind a document holds: faces, a text-presentation default with U+FE0F, a
    /// ZWJ sequence, a skin tone, a flag, a keycap.
    static let emojis = ["😀", "🐶", "☀️", "🐻‍❄️", "👩‍🚀", "👍🏽", "🇫🇷", "1️⃣", "🌲", "🚀"]
    static let sizes = [8, 10, 14, 15, 17, 20, 29, 33, 40, 64, 97, 128, 150, 200, 300]

    /// The tolerance: a resampled raster's PSNR against cairo's, over the channels of the square
    /// both paint, centre on centre, is at least 32 dB from 32 px up and 22 dB below. Both
    /// resample the same 136 px bitmap, placed alike to the pixel (the box's width, the baseline
    /// on a whole pixel), so what differs is the filter: ours averages a mipmap level at most
    /// twice the size (a box filter), cairo's is its own, and below ~32 px the two differ on
    /// every edge of a small picture by a few levels (measured over 8–600 px: lowest 23.3 dB, ☀️'s
    /// thin rays at 14 px; 33.2 dB above 32 px; 55 dB near the strike). A wrong emoji scores ~10 dB, the
    /// right one moved by two pixels ~18 dB.
    static func minimumPSNR(forPixelSize size: Int) -> Double { size >= 32 ? 32 : 22 }

    @Test(
        "every emoji at every size resamples to within the tolerance of cairo's raster",
        arguments: emojis)
    func resampledMatchesCairo(emoji: String) throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        let glyph = try #require(rasterizer.makeGlyph(of: emoji), "\(emoji) is a colour bitmap glyph")
        for size in Self.sizes {
            let resampled = try #require(glyph.makeRaster(pixelSize: size))
            let reference = try #require(rasterizer.makeLaidOutRaster(of: emoji, pixelSize: size))
            #expect(abs(resampled.side - reference.side) <= 1, "\(emoji) \(size) px: sides \(resampled.side), \(reference.side)")
            let psnr = RasterComparison.psnr(resampled, reference)
            #expect(psnr >= Self.minimumPSNR(forPixelSize: size), "\(emoji) at \(size) px: \(psnr) dB")
        }
    }

    @Test(
        "the picture decoded from the font's PNG is the one cairo draws at the strike, to the pixel",
        arguments: emojis)
    func decodedPNGIsCairosPicture(emoji: String) throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        let decoded = try #require(rasterizer.makeGlyph(of: emoji))
        let drawn = try #require(rasterizer.makeGlyph(of: emoji, decodingPNG: false))
        let (a, b) = (decoded.levels[0], drawn.levels[0])
        try #require(a.width == b.width && a.height == b.height)
        var largest = 0
        var differing = 0
        for index in 0..<(a.width * a.height) where a.pixels[index] != b.pixels[index] {
            differing += 1
            for shift in stride(from: 0, to: 32, by: 8) {
                let channel = { (pixel: UInt32) in Int((pixel >> UInt32(shift)) & 0xFF) }
                largest = max(largest, abs(channel(a.pixels[index]) - channel(b.pixels[index])))
            }
        }
        // FreeType and cairo premultiply the PNG's colours each with its own rounding.
        #expect(largest <= 1, "\(emoji): \(differing) pixels differ, by up to \(largest)")
        #expect(decoded.ink == drawn.ink)
    }

    @Test("another emoji or a shifted one falls well below the tolerance (the measure has teeth)")
    func toleranceRefusesWrongPictures() throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        let smile = try #require(rasterizer.makeGlyph(of: "😀")?.makeRaster(pixelSize: 64))
        let dog = try #require(rasterizer.makeLaidOutRaster(of: "🐶", pixelSize: 64))
        #expect(RasterComparison.psnr(smile, dog) < 20)
        let shifted = try #require(rasterizer.makeLaidOutRaster(of: "😀", pixelSize: 64))
        #expect(RasterComparison.psnr(smile, shifted, shiftingReferenceBy: 2) < Self.minimumPSNR(forPixelSize: 64) - 10)
    }

    @Test("text without a colour glyph is not resampled: Pango draws it at each size")
    func outlineTextIsLaidOutPerSize() throws {
        let store = EmojiGlyphStore()
        let rasterizer = EmojiRasterizer(glyphs: store)
        // A character Noto Color Emoji lacks falls back to an outline font.
        #expect(rasterizer.makeGlyph(of: "A") == nil)
        let raster = try #require(rasterizer.makeRaster(of: "A", pixelSize: 40))
        let reference = try #require(rasterizer.makeLaidOutRaster(of: "A", pixelSize: 40))
        #expect(RasterComparison.psnr(raster, reference) == .infinity)
        #expect(store.contains("A") && store.storedGlyph(for: "A") == nil)
    }

    @Test("each glyph is decoded once, whatever the sizes and threads asking")
    func decodedOnce() throws {
        let store = EmojiGlyphStore()
        let first = EmojiRasterCache(glyphs: store)
        let second = EmojiRasterCache(glyphs: store)
        for size in 20...60 {
            _ = try #require(first.raster(for: "🐶", pixelSize: size))
            _ = try #require(second.raster(for: "🐶", pixelSize: size + 1))
        }
        #expect(store.decodedCount == 1)
        #expect(first.rasterizedCount == 41)
    }

    @Test("the store drops its least recently used glyphs beyond its capacity")
    func storeIsBounded() throws {
        let probe = EmojiGlyphStore()
        _ = EmojiRasterizer(glyphs: probe).makeRaster(of: "😀", pixelSize: 40)
        let oneGlyph = probe.byteCount
        let store = EmojiGlyphStore(capacityInBytes: oneGlyph * 2 + oneGlyph / 2)
        let rasterizer = EmojiRasterizer(glyphs: store)
        for emoji in ["😀", "🐶", "🌲", "🚀"] { _ = rasterizer.makeRaster(of: emoji, pixelSize: 40) }
        #expect(store.byteCount <= store.capacityInBytes)
        #expect(!store.contains("😀") && store.contains("🚀"))
    }

    @Test("halvings: each level is the rounded mean of 2 × 2 pixels of the one above")
    func halvings() throws {
        let glyph = try #require(EmojiRasterizer(glyphs: EmojiGlyphStore()).makeGlyph(of: "🌲"))
        #expect(glyph.levels.count >= 4)
        let (upper, lower) = (glyph.levels[0], glyph.levels[1])
        #expect(lower.width == (upper.width + 1) / 2 && lower.height == (upper.height + 1) / 2)
        let (x, y) = (lower.width / 2, lower.height / 2)
        let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { upper.pixels[(2 * y + $0.1) * upper.width + 2 * x + $0.0] }
        for shift in stride(from: 0, to: 32, by: 8) {
            let mean = (block.reduce(0) { $0 + Int(($1 >> UInt32(shift)) & 0xFF) } + 2) / 4
            #expect(Int((lower.pixels[y * lower.width + x] >> UInt32(shift)) & 0xFF) == mean)
        }
    }

    @Test(
        "what a glyph says its raster hides for sure is opaque in the raster, and a good part of the raster's opaque pixels",
        arguments: emojis)
    func opaqueSpansAreOpaque(emoji: String) throws {
        let rasterizer = EmojiRasterizer(glyphs: EmojiGlyphStore())
        let glyph = try #require(rasterizer.makeGlyph(of: emoji))
        for size in Self.sizes + [500, 1_000] {
            let raster = try #require(glyph.makeRaster(pixelSize: size))
            var pixels = [UInt32](repeating: 0, count: raster.side * raster.side)
            pixels.withUnsafeMutableBytes { raster.rows.unpack(into: $0.baseAddress!, strideBytes: raster.side * 4) }
            let opaque = glyph.opaqueSpans(forPixelSize: size)
            var claimed = 0
            for (row, span) in opaque.spans.enumerated() where !span.isEmpty {
                let y = opaque.firstRow + row
                for x in Int(span.start)..<Int(span.end) {
                    claimed += 1
                    #expect(pixels[y * raster.side + x] >> 24 == 255, "\(emoji) at \(size) px: (\(x), \(y)) is not opaque")
                }
            }
            let opaquePixels = pixels.count { $0 >> 24 == 255 }
            // Each row's longest opaque run, two pixels in from its ends and shared with the rows
            // around: a quarter of it at least from 64 px up (🐶's dark outlines cut its rows).
            if size >= 64, opaquePixels > size * size / 4 {
                #expect(Double(claimed) >= 0.25 * Double(opaquePixels), "\(emoji) at \(size) px: \(claimed) of \(opaquePixels)")
            }
        }
    }
}
