/// The nine palettes of a fresh install (SPEC P5), in the original app's order.
///
/// Generated once from the project's list of default palettes (kept as the test fixture
/// `Tests/EmojiArtCoreTests/Fixtures/default-palettes.tsv`) and committed as source, because a
/// bundled resource breaks once `.build` is gone. The strings are byte for byte the file's,
/// duplicates included; `Palette.uniqueEmojis` shows each emoji once. `PaletteStoreTests`
/// compares them with the file.
public enum DefaultPalettes {
    /// Faces, COVID, Weather, Flora, Animal Faces, Animals, Music, Sports, Vehicles, with ids 1–9.
    public static let all: [Palette] = [
        Palette(id: 1, name: "Faces", emojis: "😀😃😄😁😆😅😂🤣🥲☺️😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🥸🤩🥳😏😞😔😟😕🙁☹️😣😖😫😩🥺😢😭😤😠😡🤯😳🥶😥😓🤗🤔🤭🤫🤥😬🙄😯😧🥱😴🤮😷🤧🤒🤠"),
        Palette(id: 2, name: "COVID", emojis: "💉🦠😷🤧🤒"),
        Palette(id: 3, name: "Weather", emojis: "☀️🌤⛅️🌥☁️🌦🌧⛈🌩🌨❄️💨☔️💧💦🌊☂️🌫🌪"),
        Palette(id: 4, name: "Flora", emojis: "🌲🌴🌿☘️🍀🍁🍄🌾💐🌷🌹🥀🌺🌸🌼🌻"),
        Palette(id: 5, name: "Animal Faces", emojis: "🐵🙈🙊🙉🐶🐱🐭🐹🐰🦊🐻🐼🐻‍❄️🐨🐯🦁🐮🐷🐸🐲"),
        Palette(id: 6, name: "Animals", emojis: "🐥🐣🐂🐄🐎🐖🐏🐑🦙🐐🐓🐁🐀🐒🦆🦅🦉🦇🐢🐍🦎🦖🦕🐅🐆🦓🦍🦧🦣🐘🦛🦏🐪🐫🦒🦘🦬🐃🦙🐐🦌🐕🐩🦮🐈🦤🦢🦩🕊🦝🦨🦡🦫🦦🦥🐿🦔"),
        Palette(id: 7, name: "Music", emojis: "🎼🎤🎹🪘🥁🎺🪗🪕🎻"),
        Palette(id: 8, name: "Sports", emojis: "🏈⚾️🏀⚽️🎾🏐🥏🏓⛳️🥅🥌🏂⛷🎳"),
        Palette(id: 9, name: "Vehicles", emojis: "🚙🚗🚘🚕🚖🏎🚚🛻🚛🚐🚓🚔🚑🚒🚀✈️🛫🛬🛩🚁🛸🚲🏍🛶⛵️🚤🛥🛳⛴🚢🚂🚝🚅🚆🚊🚉🚇🛺🚜"),
    ]

    /// The palettes a fresh install writes, named in the user's language (SPEC A3); once written,
    /// names are the user's own and never change with the language.
    public static var inUserLanguage: [Palette] {
        all.map { palette in
            var named = palette
            named.name = localizedName(of: palette.name)
            return named
        }
    }

    /// One literal per name, so xgettext finds them.
    private static func localizedName(of name: String) -> String {
        switch name {
        case "Faces": localized("Faces")
        // TRANSLATORS: a palette of emojis about the pandemic (masks, viruses, vaccines).
        case "COVID": localized("COVID")
        case "Weather": localized("Weather")
        // TRANSLATORS: a palette of plant and flower emojis.
        case "Flora": localized("Flora")
        case "Animal Faces": localized("Animal Faces")
        case "Animals": localized("Animals")
        case "Music": localized("Music")
        case "Sports": localized("Sports")
        case "Vehicles": localized("Vehicles")
        default: name
        }
    }
}
