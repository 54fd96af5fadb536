extension EmojiArtModel {
    /// The topmost emoji whose (turned) square contains `point` (S1): the last in z-order wins,
    /// as drawn.
    public func topmostEmoji(at point: DocumentPoint) -> Emoji? {
        emojis.last { $0.contains(point) }
    }

    /// The ids of the emojis whose (turned) squares meet `rect`, e.g. a rubber band (S5).
    public func emojiIDs(intersecting rect: DocumentRect) -> Set<Int> {
        Set(emojis.lazy.filter { $0.intersects(rect) }.map(\.id))
    }
}
