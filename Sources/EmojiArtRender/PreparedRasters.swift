import EmojiArtCore

/// Emoji rasters made ahead of time on a thread of their own, for a window's renderer to adopt,
/// so a document's first frame comes sooner: while GTK starts on the main thread, the launch's
/// decode thread makes the rasters the document's first frame will paint, so that frame only paints.
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

    /// At most this many emojis' glyphs decoded ahead (the glyph store's capacity holds more).
    public static let maximumGlyphCount = 256

    private(set) var entries: [Entry] = []
    /// Turned and mirrored emojis' rasters, made from `entries`' rasters.
    private(set) var turned: [(key: TurnedRasterCache.Key, entry: TurnedRasterCache.Entry)] = []
    /// The first frame itself, painted from the glyphs before any raster, when asked for.
    public private(set) var frame: PrepaintedFrame?

    /// Nothing prepared.
    public init() {}

    /// The rasters the frame of `model` through `viewport` in a view of `viewSize` points, on a
    /// screen of `deviceScale` device pixels per point, paints — that frame planned as
    /// `DocumentRenderer` plans it, from the top of the stack down, so an emoji wholly hidden
    /// under opaque ones above gets none (a user's drawing of 3,000 emojis, each at its own size,
    /// paints about two thirds of those in view), and then turned emojis their turned rasters.
    ///
    /// First every emoji's glyph is decoded, the topmost's first: they go to the process's glyph
    /// store at once, so the window resamples them for whatever is not prepared in time.
    /// `progress` hears every `progressInterval` glyphs (with no rasters yet), then as rasters are
    /// made; when it returns false, preparing stops there (the window took what there was).
    ///
    /// With `canvasSize`, the size the window's canvas is expected to have, the frame itself is
    /// painted (`PrepaintedFrame`) once the glyphs are decoded, instead of making its rasters
    /// (but for those painting it makes, and unless the document has a background).
    public init(
        for model: EmojiArtModel, viewport: Viewport, viewSize: ViewSize, deviceScale: Double, canvasSize: ViewSize? = nil,
        progress: (PreparedRasters) -> Bool = { _ in true }
    ) {
        let pixelsPerPoint = viewport.zoom * deviceScale
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
        let rasterizer = EmojiRasterizer()
        var decoded: Set<String> = []
        for emoji in model.emojis.reversed() where decoded.count < Self.maximumGlyphCount {
            let text = EmojiRasterizer.laidOutText(emoji.text)
            guard decoded.insert(text).inserted else { continue }
            _ = rasterizer.glyphs.glyph(for: text, make: { rasterizer.makeGlyph(of: $0) })
            if decoded.count % Self.progressInterval == 0, !progress(self) { return }
        }
        let renderer = DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: rasterizer.glyphs))
        var soFar = self
        let madeSoFar = {
            soFar.entries = renderer.rasterCache.entries.map { Entry(text: $0.key.text, pixelSize: $0.key.pixelSize, raster: $0.value) }
            soFar.turned = renderer.turnedRasters.entries.map { ($0.key, $0.value) }
        }
        if let canvasSize {
            soFar.frame = PrepaintedFrame(
                model, viewport: viewport, expectedSize: canvasSize, deviceScale: deviceScale, renderer: renderer)
            madeSoFar()
            // With the frame painted, rasters made here would only compete with GTK's start-up
            // for the two cores (user3k's first frame 24 ms sooner without them, 40 paired
            // launches): the frames after it make theirs. Unless the document has a background,
            // which a first frame showing it paints under the emojis as the frame painted
            // ahead does not.
            let frameSuffices = soFar.frame != nil && model.background == .blank
            guard progress(soFar), !frameSuffices else {
                self = soFar
                return
            }
        }
        // A raster of each kind first, so every emoji has one to stand in for its own; then upright
        // rasters for every emoji, then the turned ones: a turned emoji without its turned raster
        // is sampled in place by the frame, one without a raster of its kind not painted.
        renderer.makeRasterOfEachKind(model, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale)
        madeSoFar()
        guard progress(soFar) else {
            self = soFar
            return
        }
        // A second pass only for turned emojis to turn.
        let passes = model.emojis.contains { $0.rotation != 0 || $0.flipped } ? [false, true] : [false]
        for (index, makingTurnedRasters) in passes.enumerated() {
            var goesOn = true
            renderer.planFrame(
                model, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale, makingTurnedRasters: makingTurnedRasters
            ) {
                madeSoFar()
                goesOn = progress(soFar)
                return goesOn
            }
            madeSoFar()
            // What one pass made is handed over before the next; the caller takes the last.
            guard goesOn, index == passes.count - 1 || progress(soFar) else { break }
        }
        self = soFar
    }

    /// How often (in glyphs decoded; then in emojis in view planned, `DocumentRenderer.planProgressInterval`)
    /// `progress` hears.
    static let progressInterval = 16

    /// How many rasters are prepared, turned ones included.
    public var count: Int { entries.count + turned.count }
}

extension DocumentRenderer {
    /// Takes in the rasters and turned rasters `prepared` holds that are not cached yet, as if
    /// this renderer had made them (not counted in `rasterizedCount`). On this renderer's thread.
    public func adopt(_ prepared: PreparedRasters) {
        rasterCache.adopt(prepared)
        for (key, entry) in prepared.turned { turnedRasters.adopt(entry, for: key) }
    }
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
