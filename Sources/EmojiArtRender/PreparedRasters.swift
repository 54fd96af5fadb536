import EmojiArtCore

/// Emoji rasters made ahead of time on a thread of their own, for a window's raster cache to
/// adopt, so a large document's first frame comes sooner: while GTK starts on the main thread, the launch's decode thread makes the
/// rasters a document's first frame will ask for, so that frame only paints.
///
/// Made by one thread and adopted by another: the rasters are read-only once made, and a
/// raster's memory is freed by whichever thread drops the last reference; the Pango objects
/// that made them stay on the maker.
public struct PreparedRasters: @unchecked Sendable {
    struct Entry {
        var text: String
        var pixelSize: Int
        var raster: EmojiRaster
    }

    /// At most this many rasters: a first frame needs one per distinct (emoji, size) in view —
    /// ~15 for the uniform art, ~1,200 for a user's drawing of 3,000 emojis.
    public static let maximumCount = 2048
    /// At most this many bytes of pixels (a 256 px raster is ~0.3 MB).
    public static let maximumBytes = 32 * 1024 * 1024
    /// At most this many emojis' glyphs decoded ahead (the glyph store's capacity holds more).
    public static let maximumGlyphCount = 256

    private(set) var entries: [Entry] = []

    /// Nothing prepared.
    public init() {}

    /// The rasters the emojis of `model` need drawn at `zoom` on a screen of `deviceScale`
    /// device pixels per point, the topmost emojis' first (they are the ones never covered), up
    /// to `maximumCount` rasters and `maximumBytes`. Sizes are rounded to device pixels exactly
    /// as `DocumentRenderer` rounds them, so the first frame finds every one it can.
    ///
    /// `progress` is handed what is prepared so far every `progressInterval` rasters; when it
    /// returns false, preparing stops there (the window took what there was).
    ///
    /// With `visible`, the part of the document the window will show (in document points), only
    /// the emojis that reach into it get rasters.
    public init(
        for model: EmojiArtModel, zoom: Double, deviceScale: Double, visible: DocumentRect? = nil,
        progress: (PreparedRasters) -> Bool = { _ in true }
    ) {
        let pixelsPerPoint = zoom * deviceScale
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
        let rasterizer = EmojiRasterizer()
        // Every emoji's glyph first, the topmost's first: they go to the process's glyph store at
        // once, so the window resamples them for whatever rasters are not prepared in time.
        var decoded: Set<String> = []
        for emoji in model.emojis.reversed() where decoded.count < Self.maximumGlyphCount {
            let text = EmojiRasterizer.laidOutText(emoji.text)
            guard decoded.insert(text).inserted else { continue }
            _ = rasterizer.glyphs.glyph(for: text, make: { rasterizer.makeGlyph(of: $0) })
            if decoded.count % Self.progressInterval == 0, !progress(self) { return }
        }
        var seen: Set<EmojiRasterCache.Key> = []
        var bytes = 0
        for emoji in model.emojis.reversed() {
            let devicePixels = emoji.size * pixelsPerPoint
            guard devicePixels >= 1, devicePixels.isFinite else { continue }
            if let visible {
                // As far as any raster of it reaches (`DocumentRenderer`'s visibility test).
                let reach = emoji.size * EmojiRasterizer.maximumWidthPerHeight / 2 * (emoji.rotation != 0 ? 2.0.squareRoot() : 1)
                guard emoji.position.x + reach > visible.minX, emoji.position.x - reach < visible.maxX,
                    emoji.position.y + reach > visible.minY, emoji.position.y - reach < visible.maxY
                else { continue }
            }
            let key = EmojiRasterCache.key(for: emoji.text, pixelSize: Int(devicePixels.rounded()))
            guard seen.insert(key).inserted else { continue }
            guard let raster = rasterizer.makeRaster(of: emoji.text, pixelSize: key.pixelSize) else { continue }
            entries.append(Entry(text: key.text, pixelSize: key.pixelSize, raster: raster))
            bytes += raster.byteCount
            if entries.count >= Self.maximumCount || bytes >= Self.maximumBytes { break }
            if entries.count % Self.progressInterval == 0, !progress(self) { return }
        }
    }

    /// How often (in glyphs decoded, then rasters made) `progress` hears.
    static let progressInterval = 16

    /// How many rasters are prepared.
    public var count: Int { entries.count }
}

extension EmojiRasterCache {
    /// Takes in the rasters `prepared` holds that are not cached yet, as if this cache had made
    /// them (but without counting them in `rasterizedCount`). On this cache's own thread.
    public func adopt(_ prepared: PreparedRasters) {
        for entry in prepared.entries {
            insert(entry.raster, for: Key(text: entry.text, pixelSize: entry.pixelSize))
        }
    }
}
