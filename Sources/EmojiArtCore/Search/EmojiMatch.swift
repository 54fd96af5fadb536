/// An emoji the search found (SPEC F1), with what the strip shows and a screen reader says.
public struct EmojiMatch: Equatable, Hashable, Sendable {
    /// The fully-qualified emoji, as Unicode's emoji-test.txt writes it.
    public var emoji: String
    /// Its name in the asked language, or its English name where CLDR has none.
    public var name: String
    /// Its keywords in the same language as `name`.
    public var keywords: [String]
    /// Unicode's group, in English ("Animals & Nature").
    public var group: String
    /// The same emoji in the five skin tones (and their pairs), empty where it has none.
    public var skinToneVariants: [String]

    public init(emoji: String, name: String, keywords: [String], group: String, skinToneVariants: [String]) {
        self.emoji = emoji
        self.name = name
        self.keywords = keywords
        self.group = group
        self.skinToneVariants = skinToneVariants
    }
}
