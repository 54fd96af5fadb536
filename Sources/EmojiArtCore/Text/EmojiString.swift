/// SPEC P3: turning typed or pasted text into a palette's string of emojis.
extension String {
    /// The emojis of this text in order, each once: everything that is not an emoji
    /// (letters, spaces, "1") is dropped, and a repeated emoji keeps its first place (SPEC P3).
    public var uniqueEmojis: String {
        String(Self.uniqueEmojiCharacters(in: [self]))
    }

    /// The palette editor's merge (SPEC P3): the emojis of `added` first, then those of
    /// `existing`, each emoji once and nothing that is not an emoji.
    ///
    /// The two texts are walked separately rather than concatenated: joined, a trailing 👍 in
    /// `added` and a leading 🏽 in `existing` would fuse into one 👍🏽.
    public static func mergingEmojis(_ added: String, into existing: String) -> String {
        String(uniqueEmojiCharacters(in: [added, existing]))
    }

    private static func uniqueEmojiCharacters(in texts: [String]) -> [Character] {
        var seen = Set<Character>()
        return texts.flatMap { text in
            text.filter { $0.isEmoji && seen.insert($0).inserted }
        }
    }
}
