/// Why emojis on the clipboard (S6) cannot be pasted: another program, or a damaged copy, put
/// something there that no document could hold. Nothing is pasted, and the user is told.
public enum ClipboardEmojisError: Error, Hashable, Sendable, CustomStringConvertible {
    /// More bytes than `ClipboardEmojis.maximumBytes`, found while they were still arriving.
    case tooLarge(limitBytes: Int)
    case notEmojiArtFormat
    case empty
    case tooMany(limit: Int)
    /// Emoji number `number` (counting from 1) has a text that is not one emoji.
    case notAnEmoji(number: Int)
    /// Emoji number `number` has a position, size or rotation that is not a finite number.
    case notANumber(number: Int)

    public var description: String {
        switch self {
        case .tooLarge(let limit):
            localized(
                "The copied emojis could not be pasted: they take more than {size}.",
                ["size": FileReadError.formatted(byteCount: limit)])
        case .notEmojiArtFormat:
            localized("The copied emojis could not be pasted: they are not in EmojiArt’s format.")
        case .empty:
            localized("The copied emojis could not be pasted: there are none.")
        case .tooMany(let limit):
            localized("The copied emojis could not be pasted: there are more than {limit}.", ["limit": String(limit)])
        case .notAnEmoji(let number):
            localized("The copied emojis could not be pasted: number {number} is not an emoji.", ["number": String(number)])
        case .notANumber(let number):
            localized(
                "The copied emojis could not be pasted: number {number} has a position, size or rotation that is not a number.",
                ["number": String(number)])
        }
    }
}
