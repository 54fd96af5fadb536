extension EmojiSearch {
    /// What a screen reader says for `emoji` in the language of the menus ("grinning face",
    /// "grinsendes Gesicht"): its name, or the text itself when it is not an emoji of the index.
    public func spokenName(of emoji: String) -> String {
        name(of: emoji, language: Localization.language) ?? emoji
    }

    /// The spoken names of `emojis`, as a list in the language of the menus ("grinning face,
    /// evergreen tree").
    public func spokenList(of emojis: some Sequence<String>) -> String {
        // TRANSLATORS: what separates the names of emojis in a list read aloud ("cat, dog").
        emojis.map(spokenName(of:)).joined(separator: localized(", "))
    }
}
