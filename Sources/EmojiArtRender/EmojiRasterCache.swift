import CPangoCairo
import Foundation

/// Rendered emoji images keyed by (emoji text, device pixel size rounded to 1 px), so a crisp frame
/// paints each visible emoji as one image instead of laying out text: about 16 ms instead of 47 ms
/// for 10,000 emojis on a 1920×1080 frame (DESIGN "Performance budget").
///
/// The cache drops the least recently used rasters beyond `capacityInBytes` (a raster frees its
/// pixels when its last reference goes, so a frame still painting one keeps it alive). It
/// is not thread-safe and holds
/// Pango objects that must stay on one thread: one cache belongs to one thread (the canvas's main
/// thread, or one export job).
public final class EmojiRasterCache {
    /// Default memory cap of the cached pixels: 256 MB hold the crisp frames of a user's drawing
    /// — 3,000 emojis each at its own size take ~90 MB of rasters for a 1920 × 1080 view at zoom
    /// 1.1 (at 64 MB such frames evicted rasters they needed again) — or ~40,000 rasters of 40 px.
    /// A frame needing more still gets them (`beginFrame`).
    public static let defaultCapacityInBytes = 256 * 1024 * 1024

    /// Largest raster made, in device pixels. Noto Color Emoji is a bitmap font of 136 px glyphs, so
    /// a bigger raster only enlarges the same bitmap; emojis drawn larger than this are painted from
    /// this raster scaled with a bilinear filter instead (a 1024 px raster is 4 MB).
    public static let maximumPixelSize = 1024

    struct Key: Hashable {
        var text: String
        var pixelSize: Int
    }

    /// The key a raster of `text` at `pixelSize` device pixels is cached under: keyed by what is
    /// laid out (a hostile text of megabytes is neither hashed nor kept), at most
    /// `maximumPixelSize`.
    static func key(for text: String, pixelSize: Int) -> Key {
        Key(text: EmojiRasterizer.laidOutText(text), pixelSize: min(pixelSize, maximumPixelSize))
    }

    /// Memory cap of the cached pixels, in bytes.
    public let capacityInBytes: Int
    /// Memory held by the cached pixels, in bytes.
    public private(set) var totalBytes = 0
    /// Rasters made so far (cache misses), for diagnostics and tests.
    public private(set) var rasterizedCount = 0

    private var rasters = LRUStore<Key, EmojiRaster>()
    /// The sizes cached of each text, for stand-ins (`nearestRaster`).
    private var cachedSizes: [String: Set<Int>] = [:]
    private let glyphs: EmojiGlyphStore
    private lazy var rasterizer = EmojiRasterizer(glyphs: glyphs)

    /// An empty cache that keeps at most `capacityInBytes` of pixels, resampling the emojis'
    /// glyphs held in `glyphs` (the process's store by default).
    public init(capacityInBytes: Int = EmojiRasterCache.defaultCapacityInBytes, glyphs: EmojiGlyphStore = .shared) {
        self.capacityInBytes = max(0, capacityInBytes)
        self.glyphs = glyphs
    }

    /// Number of cached rasters.
    public var count: Int { rasters.count }

    /// The raster of `text` whose laid-out box is `pixelSize` device pixels tall, made on first use.
    /// A size above `maximumPixelSize` gets the `maximumPixelSize` raster (check `pixelSize` on the
    /// result); nil when `pixelSize` is below 1 or cairo runs out of memory.
    ///
    /// A raster larger than the whole capacity is still returned: it stays cached alone until the
    /// next one arrives.
    public func raster(for text: String, pixelSize: Int) -> EmojiRaster? {
        guard pixelSize >= 1 else { return nil }
        let key = Self.key(for: text, pixelSize: pixelSize)
        if let cached = rasters.value(for: key) { return cached }
        guard let raster = rasterizer.makeRaster(of: text, pixelSize: key.pixelSize) else { return nil }
        rasterizedCount += 1
        insert(raster, for: key)
        return raster
    }

    /// Caches `raster` under `key` unless a raster is cached there already.
    func insert(_ raster: EmojiRaster, for key: Key) {
        guard rasters.peek(key) == nil else { return }
        rasters.insert(raster, for: key)
        cachedSizes[key.text, default: []].insert(key.pixelSize)
        totalBytes += raster.byteCount
        evictBeyondCapacity()
    }

    /// The cached raster of `text` at `pixelSize` (capped as `raster(for:pixelSize:)` caps it),
    /// never made here; a hit counts as a use.
    public func cachedRaster(for text: String, pixelSize: Int) -> EmojiRaster? {
        guard pixelSize >= 1 else { return nil }
        return rasters.value(for: Self.key(for: text, pixelSize: pixelSize))
    }

    /// The cached raster of `text` whose size is nearest `pixelSize` (by ratio, the larger on a
    /// tie), to stand in while the right one is made; nil when no size of it is cached.
    public func nearestRaster(for text: String, pixelSize: Int) -> EmojiRaster? {
        let key = Self.key(for: text, pixelSize: pixelSize)
        guard let sizes = cachedSizes[key.text], !sizes.isEmpty else { return nil }
        let wanted = Double(max(1, key.pixelSize))
        let nearest = sizes.min { a, b in
            let (ratioA, ratioB) = (abs(log(Double(a) / wanted)), abs(log(Double(b) / wanted)))
            return ratioA != ratioB ? ratioA < ratioB : a > b
        }
        return nearest.flatMap { rasters.value(for: Key(text: key.text, pixelSize: $0)) }
    }

    /// Whether a raster of `text` at a new size is a resample away (its glyph is decoded) rather
    /// than a decode or a Pango layout.
    public func hasDecodedGlyph(for text: String) -> Bool {
        decodedGlyph(for: text) != nil
    }

    func decodedGlyph(for text: String) -> EmojiGlyphMipmap? {
        glyphs.storedGlyph(for: EmojiRasterizer.laidOutText(text))
    }

    /// Every cached raster and its key; does not count as a use.
    var entries: [(key: Key, value: EmojiRaster)] { rasters.entries }

    /// Whether the raster for this key is cached; does not count as a use.
    public func contains(_ text: String, pixelSize: Int) -> Bool {
        rasters.peek(Self.key(for: text, pixelSize: pixelSize)) != nil
    }

    /// Destroys every cached raster (e.g. when the window is closed or memory is short).
    public func removeAll() {
        _ = rasters.removeAll()
        cachedSizes = [:]
        totalBytes = 0
    }

    /// Absolute font size in pixels that the cache gives Pango for an emoji `pixelSize` px tall:
    /// `pixelSize` divided by the measured line height per font pixel (1.171875 with Noto Color Emoji).
    public func fontPixels(forPixelSize pixelSize: Int) -> Double {
        rasterizer.fontPixels(forPixelSize: pixelSize)
    }

    /// Starts a frame: from now until the next one, no raster the frame uses is evicted, even
    /// beyond the capacity (a frame that needs more than the capacity would otherwise evict its
    /// own rasters and ask for them again, frame after frame).
    public func beginFrame() {
        rasters.stamp = rasters.stamp == .max ? 1 : rasters.stamp + 1
    }

    private func evictBeyondCapacity() {
        // The newest raster is never evicted: the caller is about to paint it; nor any the
        // current frame used.
        while totalBytes > capacityInBytes, rasters.count > 1, let evicted = rasters.removeOldestUnstamped() {
            totalBytes -= evicted.value.byteCount
            cachedSizes[evicted.key.text]?.remove(evicted.key.pixelSize)
            if cachedSizes[evicted.key.text]?.isEmpty == true { cachedSizes[evicted.key.text] = nil }
        }
    }
}
