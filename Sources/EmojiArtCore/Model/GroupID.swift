/// Group ids (R3): what `Emoji.group` holds. Random rather than counted, so two windows, two
/// members of a room or two pasted copies never make the same one without coordinating.
public enum GroupID {
    /// Characters in a new id: 12 of base32 are 60 random bits.
    public static let length = 12
    /// The longest group id a file or another member may give, in UTF-8 bytes; a longer one is
    /// no group (a file's) or refused (an op's). Ours are 12; the margin is for other writers.
    public static let maxBytes = 64

    /// RFC 4648's base32 alphabet in lower case: no padding, nothing to escape in JSON.
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

    /// A new id drawn from `generator` (tests pass a seeded one).
    public static func random<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// A new id from the system's generator.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// Whether `text` can name a group: not empty, at most `maxBytes` long.
    public static func isValid(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= maxBytes
    }
}

extension Array where Element == Emoji {
    /// The same emojis with each group under a new id from `makeID`, one per distinct old id:
    /// pasted or duplicated copies of a group are a group again, yet not the original's (R3).
    public func withFreshGroupIDs(using makeID: () -> String) -> [Emoji] {
        var newIDs = [String: String]()
        return map { emoji in
            guard let old = emoji.group else { return emoji }
            var copy = emoji
            if let new = newIDs[old] {
                copy.group = new
            } else {
                let new = makeID()
                newIDs[old] = new
                copy.group = new
            }
            return copy
        }
    }
}
