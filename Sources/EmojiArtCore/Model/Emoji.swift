/// One emoji placed on the canvas (SPEC M3).
public struct Emoji: Identifiable, Hashable, Sendable {
    /// Unique within its document; handed out by `EmojiArtModel` counting up from 1.
    public let id: Int
    /// One emoji grapheme.
    public var text: String
    public var position: DocumentPoint
    /// The font point size at zoom 1 (one point is one logical pixel).
    public var size: Double

    public init(id: Int, text: String, position: DocumentPoint, size: Double) {
        self.id = id
        self.text = text
        self.position = position
        self.size = size
    }

    /// Core knows no fonts: for hit testing, the selection mark and bounds an emoji is the
    /// square of side `size` centred on its position (DESIGN "Fonts, sizes, geometry").
    public var frame: DocumentRect {
        DocumentRect(center: position, size: DocumentSize(width: size, height: size))
    }
}
