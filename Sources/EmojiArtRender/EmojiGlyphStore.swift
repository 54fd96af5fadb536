import Foundation

/// The emojis' decoded glyphs (`EmojiGlyphMipmap`), shared by every thread of the process: the
/// window's raster cache, the launch's raster preparation, the palette strip's thread and export
/// jobs all resample the same pictures, so each emoji's glyph is decoded once (~1.2 ms, mostly
/// the PNG's inflate), not once per thread and size.
///
/// Bounded: the least recently used glyphs beyond `capacityInBytes` are dropped (a raster made
/// from one keeps its own pixels). A text Pango does not draw entirely from a colour bitmap font
/// (an outline fallback, an unknown glyph) is remembered as such, and its rasters are laid out
/// by Pango at each size.
public final class EmojiGlyphStore: @unchecked Sendable {
    /// The process's store.
    public static let shared = EmojiGlyphStore()

    /// 48 MB hold ~480 emojis' glyphs (~100 KB each with their halvings): more than a document
    /// or a palette strip shows at once.
    public static let defaultCapacityInBytes = 48 * 1024 * 1024

    enum Entry {
        case glyph(EmojiGlyphMipmap)
        /// Drawn by Pango at each size: not (only) colour bitmap glyphs.
        case laidOutPerSize
    }

    public let capacityInBytes: Int
    private let lock = NSLock()
    private var entries = LRUStore<String, Entry>()
    private var totalBytes = 0
    private var madeCount = 0

    public init(capacityInBytes: Int = EmojiGlyphStore.defaultCapacityInBytes) {
        self.capacityInBytes = max(0, capacityInBytes)
    }

    /// Glyphs decoded so far (for tests and the benchmarks).
    public var decodedCount: Int { lock.withLock { madeCount } }

    /// Memory held by the glyphs now.
    public var byteCount: Int { lock.withLock { totalBytes } }

    /// Whether `text`'s glyph (or the knowledge that it has none) is here; not a use.
    public func contains(_ text: String) -> Bool {
        lock.withLock { entries.peek(EmojiRasterizer.laidOutText(text)) != nil }
    }

    /// The glyph of `text` (as laid out), made by `make` on the calling thread when missing; nil
    /// when the text is drawn by Pango at each size. Two threads may make the same glyph at
    /// once; the first one stored is kept.
    func glyph(for text: String, make: (String) -> EmojiGlyphMipmap?) -> EmojiGlyphMipmap? {
        if let entry = lock.withLock({ entries.value(for: text) }) { return entry.glyph }
        let made = make(text)
        let entry: Entry = made.map { .glyph($0) } ?? .laidOutPerSize
        return lock.withLock {
            if let stored = entries.value(for: text) { return stored.glyph }
            entries.insert(entry, for: text)
            madeCount += 1
            totalBytes += entry.byteCount
            // The newest is never dropped: its caller is about to resample it.
            while totalBytes > capacityInBytes, entries.count > 1, let dropped = entries.removeOldest() {
                totalBytes -= dropped.value.byteCount
            }
            return made
        }
    }

    /// The stored glyph of `text` without making one; nil when missing or laid out per size.
    func storedGlyph(for text: String) -> EmojiGlyphMipmap? {
        lock.withLock { entries.value(for: text)?.glyph }
    }
}

extension EmojiGlyphStore.Entry {
    var glyph: EmojiGlyphMipmap? {
        if case .glyph(let mipmap) = self { return mipmap }
        return nil
    }

    var byteCount: Int { glyph?.byteCount ?? 64 }
}
