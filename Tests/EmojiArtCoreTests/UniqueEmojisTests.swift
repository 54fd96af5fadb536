import PropertyBased
import Testing

@testable import EmojiArtCore

/// SPEC P3 (only emojis kept, duplicates dropped, new ones first) and P5 (default palettes).
@Suite struct UniqueEmojisTests {
    @Test(
        "only emojis are kept, each once, where it first appears",
        arguments: [
            ("", ""), ("abc 123", ""), ("hello 🐶 world 🐱🐶", "🐶🐱"),
            ("1️⃣1🔢", "1️⃣🔢"), ("⌚⌚️", "⌚️"), ("👍👍🏽👍", "👍👍🏽"),
            ("🇫🇷🇩🇪🇫🇷", "🇫🇷🇩🇪"), ("☀\u{FE0E}☀\u{FE0F}☀", "☀\u{FE0F}☀"), ("🐻‍❄️🐻🐻‍❄️", "🐻‍❄️🐻"),
        ])
    func uniqueEmojis(text: String, expected: String) {
        #expect(text.uniqueEmojis == expected)
    }

    @Test(
        "merging puts the new emojis first, then the existing ones, each once",
        arguments: [
            ("🐶🐱", "🐭🐶", "🐶🐱🐭"), ("🐭", "🐶🐭🐱", "🐭🐶🐱"), ("", "🐭🐭", "🐭"),
            ("abc", "🐭", "🐭"), ("🐶 and 🐶", "", "🐶"), ("1️⃣", "1", "1️⃣"),
        ])
    func merging(added: String, existing: String, expected: String) {
        #expect(String.mergingEmojis(added, into: existing) == expected)
    }

    @Test("merging never fuses the end of the new text with the start of the old")
    func mergingKeepsTextsApart() {
        // Concatenated, "👍" + "🏽🐶" would read as "👍🏽" + "🐶".
        #expect(String.mergingEmojis("👍", into: "🏽🐶") == "👍🐶")
    }

    static let pool = ["🐶", "🐱", "👍🏽", "🇫🇷", "1️⃣", "a", "1", " ", "©", "🏽", "\u{FE0E}"]

    @Test("the result holds only emojis, never twice, and is stable when repeated")
    func uniqueEmojisProperties() async {
        let text = Gen<String?>.element(of: Self.pool).map { $0 ?? "" }.array(of: 0...20)
            .map { $0.joined() }
        await propertyCheck(input: text) { text in
            let unique = text.uniqueEmojis
            #expect(unique.filter { !$0.isEmoji }.isEmpty)
            #expect(Set(unique).count == unique.count)
            #expect(unique.uniqueEmojis == unique)
        }
    }

    /// The original's nine palettes (SPEC P5, `default-palettes.tsv`).
    static let defaultPalettes = [
        "😀😃😄😁😆😅😂🤣🥲☺️😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🥸🤩🥳😏😞😔😟😕🙁☹️😣😖😫😩🥺😢😭😤😠😡🤯😳🥶😥😓🤗🤔🤭🤫🤥😬🙄😯😧🥱😴🤮😷🤧🤒🤠",
        "💉🦠😷🤧🤒",
        "☀️🌤⛅️🌥☁️🌦🌧⛈🌩🌨❄️💨☔️💧💦🌊☂️🌫🌪",
        "🌲🌴🌿☘️🍀🍁🍄🌾💐🌷🌹🥀🌺🌸🌼🌻",
        "🐵🙈🙊🙉🐶🐱🐭🐹🐰🦊🐻🐼🐻‍❄️🐨🐯🦁🐮🐷🐸🐲",
        "🐥🐣🐂🐄🐎🐖🐏🐑🦙🐐🐓🐁🐀🐒🦆🦅🦉🦇🐢🐍🦎🦖🦕🐅🐆🦓🦍🦧🦣🐘🦛🦏🐪🐫🦒🦘🦬🐃🦙🐐🦌🐕🐩🦮🐈🦤🦢🦩🕊🦝🦨🦡🦫🦦🦥🐿🦔",
        "🎼🎤🎹🪘🥁🎺🪗🪕🎻",
        "🏈⚾️🏀⚽️🎾🏐🥏🏓⛳️🥅🥌🏂⛷🎳",
        "🚙🚗🚘🚕🚖🏎🚚🛻🚛🚐🚓🚔🚑🚒🚀✈️🛫🛬🛩🚁🛸🚲🏍🛶⛵️🚤🛥🛳⛴🚢🚂🚝🚅🚆🚊🚉🚇🛺🚜",
    ]

    @Test("every default palette emoji counts as an emoji", arguments: defaultPalettes)
    func defaultPalettesAreEmoji(palette: String) {
        #expect(palette.filter { !$0.isEmoji }.isEmpty)
    }

    @Test("a default palette shows each emoji once and keeps its order", arguments: defaultPalettes)
    func defaultPalettesDeduplicate(palette: String) {
        var seen = Set<Character>()
        let firstOccurrences = String(palette.filter { seen.insert($0).inserted })
        #expect(palette.uniqueEmojis == firstOccurrences)
    }

    @Test("the Animals palette's repeated llama and goat are shown once")
    func animalsPaletteDuplicates() {
        let animals = Self.defaultPalettes[5]
        #expect(animals.count - animals.uniqueEmojis.count == 2)
    }
}
