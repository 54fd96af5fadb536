import PropertyBased
import Testing

@testable import EmojiArtCore

/// SPEC D1: the original's emoji rule, then its gaps fixed.
@Suite struct EmojiRulesTests {
    static let accepted: [String] = [
        // The SPEC's own examples.
        "1️⃣", "⌚️", "🐻‍❄️",
        // Ordinary single-scalar emojis and text-default symbols at or above U+238D.
        "😀", "🐶", "⏰", "☀", "❄", "⛈",
        // Emoji presentation (U+FE0F) lifts text-default symbols below U+238D.
        "☀️", "©️", "®️", "™️", "↔️", "⌨️", "ℹ️",
        // Keycaps, fully qualified and without U+FE0F.
        "#️⃣", "*️⃣", "0️⃣", "9️⃣", "1\u{20E3}",
        // Flags: a pair of regional indicators, and a tag sequence (Scotland).
        "🇫🇷", "🇯🇵", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
        // Skin tones on a base, ZWJ sequences.
        "👍🏽", "🧑🏿‍🚀", "👨‍👩‍👧‍👦", "🏳️‍🌈", "❤️‍🔥", "👁️‍🗨️",
    ]

    static let refused: [String] = [
        // The SPEC's own examples: text-default characters alone, and a combining accent.
        "1", "©", "⌚", "e\u{301}",
        // More text-default characters below U+238D.
        "®", "™", "↔", "⌨", "#", "*", "0",
        // Letters, digits and marks that are no emoji at all.
        "a", "Z", "ä", "中", "٣", " ", "\u{200D}", "\u{FE0F}", "\u{20E3}",
        // Text presentation (U+FE0E) asked for explicitly.
        "☀\u{FE0E}", "⌚\u{FE0E}", "😀\u{FE0E}", "1\u{FE0E}\u{20E3}",
        // A skin-tone modifier that modifies nothing, also with a presentation selector.
        "🏻", "🏽", "🏿", "🏽\u{FE0F}",
        // Half a flag.
        "🇫", "🇿",
        // A keycap base without its keycap.
        "1\u{FE0F}", "#\u{FE0F}", "*\u{FE0F}", "1🏽",
        // Below U+238D, a base followed by something other than U+FE0F.
        "©\u{301}", "↔\u{20DD}",
        // A joiner with nothing joined after it.
        "😻\u{200D}", "👍🏽\u{200D}",
    ]

    @Test("emoji characters are accepted", arguments: accepted)
    func acceptsEmoji(text: String) throws {
        let character = try #require(text.count == 1 ? text.first : nil)
        #expect(character.isEmoji)
    }

    @Test("characters that are not one emoji are refused", arguments: refused)
    func refusesNonEmoji(text: String) throws {
        let character = try #require(text.count == 1 ? text.first : nil)
        #expect(!character.isEmoji)
    }

    @Test("a single scalar below U+238D is never an emoji on its own")
    func lowScalarsAloneAreRefused() async {
        await propertyCheck(input: Gen.unicodeScalar(in: "\u{0}"..."\u{238C}")) { scalar in
            #expect(!Character(scalar).isEmoji)
        }
    }

    @Test("any emoji is refused once it holds U+FE0E")
    func textPresentationIsRefused() async {
        await propertyCheck(input: Gen<String?>.element(of: Self.accepted)) { emoji in
            let text = (emoji ?? "😀") + "\u{FE0E}"
            let character = try #require(text.count == 1 ? text.first : nil)
            #expect(!character.isEmoji)
        }
    }

    @Test(
        "a lone emoji surrounded by whitespace is that emoji",
        arguments: [
            ("🐶", "🐶"), (" 🐶", "🐶"), ("🐶\n", "🐶"), ("\t 🐻‍❄️ \r\n", "🐻‍❄️"),
            ("\u{00A0}1️⃣\u{2003}", "1️⃣"), ("👍🏽", "👍🏽"),
        ])
    func singleEmojiTrims(text: String, emoji: String) {
        #expect(text.singleEmoji == emoji)
    }

    @Test(
        "text that is not exactly one emoji has no single emoji",
        arguments: ["", "   ", "\n", "a", "1", "🐶🐱", "🐶 dog", " 🐶 🐱 ", "©", "🏽"])
    func singleEmojiRefuses(text: String) {
        #expect(text.singleEmoji == nil)
    }

    @Test(
        "text whose first character is an emoji drops that emoji",
        arguments: [
            ("🐶", "🐶"), (" 🐶", "🐶"), ("🐶🐱", "🐶"), ("🐶 is a dog", "🐶"),
            ("\n1️⃣2️⃣", "1️⃣"), ("\u{00A0}👍🏽!", "👍🏽"), ("🇫🇷🇩🇪", "🇫🇷"),
        ])
    func leadingEmojiTakesTheFirst(text: String, emoji: String) {
        #expect(text.leadingEmoji == emoji)
    }

    @Test(
        "text whose first character is not an emoji drops nothing",
        arguments: ["", "  ", "dog 🐶", "1 dog", "© 2024", "e\u{301}🐶", "🏽🐶", "☀\u{FE0E}🐶"])
    func leadingEmojiRefuses(text: String) {
        #expect(text.leadingEmoji == nil)
    }
}
