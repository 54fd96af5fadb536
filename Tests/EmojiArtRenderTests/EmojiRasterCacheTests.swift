import Testing

@testable import EmojiArtRender

/// DESIGN "Performance budget": one raster per (emoji, device pixel size), LRU-capped by bytes.
@Suite struct EmojiRasterCacheTests {
    @Test("the same key gives the same raster; another size gives another")
    func sameKeySameSurface() throws {
        let cache = EmojiRasterCache()
        let first = try #require(cache.raster(for: "😀", pixelSize: 48))
        let again = try #require(cache.raster(for: "😀", pixelSize: 48))
        #expect(first === again)
        #expect(cache.rasterizedCount == 1)
        let bigger = try #require(cache.raster(for: "😀", pixelSize: 49))
        #expect(bigger !== first)
        #expect(cache.count == 2)
        #expect(first.side >= 48 && first.pixelSize == 48)
        #expect(cache.totalBytes == first.byteCount + bigger.byteCount)
    }

    @Test("beyond its capacity the cache evicts the least recently used raster")
    func evictsLeastRecentlyUsed() throws {
        // A raster's bytes are its pixels plus its row runs, which differ from emoji to emoji:
        // room for any two of these three, never for all three.
        let bytes = try ["😀", "🐶", "🌵"].map { try #require(EmojiRasterCache().raster(for: $0, pixelSize: 64)).byteCount }
        let cache = EmojiRasterCache(capacityInBytes: max(bytes[0] + bytes[1], bytes[0] + bytes[2], bytes[1] + bytes[2]))
        _ = cache.raster(for: "😀", pixelSize: 64)
        _ = cache.raster(for: "🐶", pixelSize: 64)
        _ = cache.raster(for: "😀", pixelSize: 64)  // now the most recently used
        _ = cache.raster(for: "🌵", pixelSize: 64)
        #expect(cache.count == 2)
        #expect(cache.totalBytes <= cache.capacityInBytes)
        #expect(cache.contains("😀", pixelSize: 64))
        #expect(!cache.contains("🐶", pixelSize: 64))
        #expect(cache.contains("🌵", pixelSize: 64))
    }

    @Test("within a frame nothing the frame used is evicted, beyond the capacity too; the next frame may evict it")
    func frameKeepsWhatItUses() throws {
        let one = try #require(EmojiRasterCache().raster(for: "😀", pixelSize: 64)).byteCount
        let cache = EmojiRasterCache(capacityInBytes: one * 2)
        cache.beginFrame()
        for emoji in ["😀", "🐶", "🌵", "🚀"] { _ = cache.raster(for: emoji, pixelSize: 64) }
        #expect(cache.count == 4, "the frame keeps its four rasters")
        cache.beginFrame()
        _ = cache.raster(for: "🌲", pixelSize: 64)
        #expect(cache.count <= 2 && cache.contains("🌲", pixelSize: 64), "the next frame evicts what it did not use")
    }

    @Test("a raster larger than the whole capacity is kept alone until the next one")
    func oversizedRasterKeptAlone() throws {
        let cache = EmojiRasterCache(capacityInBytes: 1)
        _ = try #require(cache.raster(for: "😀", pixelSize: 32))
        #expect(cache.count == 1)
        _ = try #require(cache.raster(for: "🐶", pixelSize: 32))
        #expect(cache.count == 1)
        #expect(cache.contains("🐶", pixelSize: 32))
        cache.removeAll()
        #expect(cache.count == 0 && cache.totalBytes == 0)
    }

    @Test("sizes below one pixel give no raster; sizes above the cap share the capped raster")
    func sizeLimits() throws {
        let cache = EmojiRasterCache()
        #expect(cache.raster(for: "😀", pixelSize: 0) == nil)
        let huge = try #require(cache.raster(for: "😀", pixelSize: 5_000))
        #expect(huge.pixelSize == EmojiRasterCache.maximumPixelSize)
        #expect(cache.contains("😀", pixelSize: 7_000))
    }

    @Test("the font size is the pixel size over the measured line height (about 1.17)")
    func fontSizeRatio() throws {
        let cache = EmojiRasterCache()
        let fontPixels = cache.fontPixels(forPixelSize: 120)
        #expect(fontPixels > 95 && fontPixels < 110)
        // The laid-out box is 120 px tall, a little wider, and centred in the square.
        let raster = try #require(cache.raster(for: "😀", pixelSize: 120))
        #expect((120...130).contains(raster.side))
    }
}
