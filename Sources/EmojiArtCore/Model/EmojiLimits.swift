/// What an emoji arriving from elsewhere may hold: another program's clipboard (S6), another
/// member of a room (C3, an op or a snapshot). One rule for all of them, so what pastes, what
/// applies and what a snapshot restores never disagree. Numbers are brought into the file
/// format's limits (M4) as a file's are on read; a value no emoji can hold is refused.
public enum EmojiLimits {
    /// The longest text an emoji may hold, in UTF-8 bytes: far more than any emoji grapheme.
    public static let maxTextBytes = 256

    /// Whether `text` can be an emoji's text: one character that the original app counts as an
    /// emoji, at most `maxTextBytes` long. The original's rule rather than D1's narrower one,
    /// because these emojis come from documents, and a document may hold any emoji the original
    /// app let through ("☀︎"): copying it to another window or sharing it must not drop it.
    public static func allowsText(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= maxTextBytes, text.count == 1, let only = text.first else { return false }
        return only.isEmojiByOriginalRule
    }

    /// A coordinate clamped into ±`EmojiArtFormat.maxCoordinateMagnitude`; nil when not finite.
    public static func clamped(coordinate: Double) -> Double? {
        guard coordinate.isFinite else { return nil }
        let limit = EmojiArtFormat.maxCoordinateMagnitude
        return min(max(coordinate, -limit), limit)
    }

    /// A size clamped into `EmojiArtFormat.sizeRange`; nil when not finite.
    public static func clamped(size: Double) -> Double? {
        guard size.isFinite else { return nil }
        return min(max(size, EmojiArtFormat.sizeRange.lowerBound), EmojiArtFormat.sizeRange.upperBound)
    }

    /// A rotation brought into −180 < r ≤ 180; nil when not finite.
    public static func normalized(rotation: Double) -> Double? {
        rotation.isFinite ? Emoji.normalized(rotation: rotation) : nil
    }
}
