extension EmojiArtModel {
    /// The topmost emoji whose (turned) square contains `point` (S1): the last in z-order wins,
    /// as drawn. Without `includingLocked`, locked emojis (R4) are passed over as if they were
    /// not there, so a click reaches what lies under them.
    public func topmostEmoji(at point: DocumentPoint, includingLocked: Bool = true) -> Emoji? {
        emojis.last { (includingLocked || !$0.locked) && $0.contains(point) }
    }

    /// The ids of the emojis whose (turned) squares meet `rect`, e.g. a rubber band (S5);
    /// without `includingLocked`, only unlocked ones (R4).
    public func emojiIDs(intersecting rect: DocumentRect, includingLocked: Bool = true) -> Set<Int> {
        Set(emojis.lazy.filter { (includingLocked || !$0.locked) && $0.intersects(rect) }.map(\.id))
    }
}
