/// SPEC D1: which characters count as one emoji, for drops, paste and the palette editor.
extension Character {
    /// Whether this character is one emoji (SPEC D1).
    ///
    /// The original app's rule: the first scalar has the Unicode Emoji property and is at or
    /// above U+238D, or the character has more than one scalar. The Emoji property on the first
    /// scalar is required in both cases, or "e" + U+0301 would pass as "more than one scalar".
    /// Below U+238D the Emoji property mostly marks characters that are text by default
    /// ("1", "©", "⌚"), so those only count with something that makes them emoji.
    ///
    /// Then the gaps the original leaves open are closed, each refused:
    /// - anything holding U+FE0E, which asks for text presentation ("☀︎");
    /// - a skin-tone modifier that modifies nothing (a lone "🏽");
    /// - a regional indicator without its partner (half a flag);
    /// - a keycap base 0–9, # or * without the keycap U+20E3 ("1" + U+FE0F);
    /// - a sequence ending in the joiner U+200D with nothing joined ("😻" + U+200D before a
    ///   letter): kept, it would join the next emoji once the text between them is filtered out,
    ///   making a third emoji nobody typed (found by `scripts/fuzz text`);
    /// - below U+238D, a base followed by anything but U+FE0F ("©" + U+0301): there is no
    ///   emoji sequence that starts that low other than presentation sequences and keycaps.
    public var isEmoji: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        guard !scalars.contains(EmojiScalar.textPresentationSelector) else { return false }
        guard scalars.last != EmojiScalar.zeroWidthJoiner else { return false }

        if EmojiScalar.skinToneModifiers.contains(first.value) { return false }
        if EmojiScalar.regionalIndicators.contains(first.value) {
            let second = scalars.dropFirst().first
            return second.map { EmojiScalar.regionalIndicators.contains($0.value) } ?? false
        }
        if EmojiScalar.keycapBases.contains(first) {
            return scalars.contains(EmojiScalar.combiningKeycap)
        }
        if first.value >= EmojiScalar.firstDefaultEmoji { return true }
        return scalars.dropFirst().first == EmojiScalar.emojiPresentationSelector
    }
}

extension Character {
    /// The original app's rule, which `isEmoji` (D1) narrows: the first scalar has the Emoji
    /// property and is at or above U+238D, or the character has more than one scalar. Every emoji
    /// a document can hold from the original app passes it, so emojis that travel between
    /// documents (clipboard, rooms) are held to it (`EmojiLimits.allowsText`).
    public var isEmojiByOriginalRule: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first, first.properties.isEmoji else { return false }
        return first.value >= EmojiScalar.firstDefaultEmoji || scalars.count > 1
    }
}

extension String {
    /// This text, without surrounding whitespace, if that is exactly one emoji; otherwise nil.
    ///
    /// A browser's double-click selection of an emoji carries a leading space (" 🐶"), so
    /// whitespace and newlines around the emoji are ignored (SPEC D1).
    public var singleEmoji: String? {
        let trimmed = trimmingWhitespace()
        guard trimmed.count == 1, let only = trimmed.first, only.isEmoji else { return nil }
        return String(only)
    }

    /// The first character of this text, after leading whitespace, if it is an emoji;
    /// otherwise nil. This is the drop rule of SPEC D1: "text whose first character is an
    /// emoji" adds that emoji, so "🐶 dog" drops a 🐶 and "dog 🐶" drops nothing.
    public var leadingEmoji: String? {
        guard let first = trimmingWhitespace().first, first.isEmoji else { return nil }
        return String(first)
    }
}

/// The scalars and ranges the emoji rule talks about, named once.
private enum EmojiScalar {
    /// The original's threshold: the Emoji property below it is mostly text-default symbols.
    static let firstDefaultEmoji: UInt32 = 0x238D
    static let textPresentationSelector: Unicode.Scalar = "\u{FE0E}"
    static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"
    static let combiningKeycap: Unicode.Scalar = "\u{20E3}"
    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"
    static let skinToneModifiers: ClosedRange<UInt32> = 0x1F3FB...0x1F3FF
    static let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    static let keycapBases: Set<Unicode.Scalar> = Set("0123456789#*".unicodeScalars)
}
