import Testing

@testable import EmojiArtCore

/// Names for screen readers (SPEC F1): every emoji button says the emoji's localized name.
@Suite struct EmojiNameTests {
    private let search = EmojiSearch.shared

    @Test(
        "emojis are named in the UI language",
        arguments: [
            ("😀", "en", "grinning face"), ("😀", "de", "grinsendes Gesicht"), ("😀", "de_AT.UTF-8", "grinsendes Gesicht"),
            ("🌲", "fr", "conifère"), ("🐱", "ja", "ネコの顔"), ("🐱", "ko", "고양이 얼굴"), ("🐱", "zh_CN", "猫脸"),
            ("🐱", "zh", "猫脸"), ("🐱", "es", "cara de gato"), ("🐱", "ar", "وجه قطة"), ("🐱", "ar_SA.UTF-8", "وجه قطة"),
            ("🐱", "he", "פני חתול"), ("🐱", "he_IL", "פני חתול"),
        ])
    func localized(emoji: String, language: String, name: String) {
        #expect(search.name(of: emoji, language: language) == name)
    }

    @Test(
        "skin-tone variants are named by their base and their tones, in each language's punctuation",
        arguments: [
            ("👋🏽", "en", "waving hand: medium skin tone"),
            ("👋🏽", "de", "winkende Hand: mittlere Hautfarbe"),
            ("🧑🏻‍🤝‍🧑🏼", "en", "people holding hands: light skin tone, medium-light skin tone"),
            ("🧑🏻‍🤝‍🧑🏼", "de", "sich an den Händen haltende Personen: helle Hautfarbe, mittelhelle Hautfarbe"),
            ("🧑🏻‍🤝‍🧑🏼", "ja", "手をつなぐ2人: 薄い肌色 やや薄い肌色"),
            ("👋🏽", "ar", "تلويح باليد: بشرة بلون معتدل"),
            ("🧑🏻‍🤝‍🧑🏼", "ar", "أشخاص يمسكون بأيدي بعضهم: بشرة بلون فاتح وبشرة بلون فاتح ومعتدل"),
            ("🧑🏻‍🤝‍🧑🏼", "he", "אנשים מחזיקים ידיים: גוון עור בהיר, גוון עור בהיר בינוני"),
        ])
    func skinTones(emoji: String, language: String, name: String) {
        #expect(search.name(of: emoji, language: language) == name)
    }

    @Test("the presentation selector does not matter; an unknown language is English; non-emojis have no name")
    func lookupRules() {
        #expect(search.name(of: "❤", language: "en") == "red heart")
        #expect(search.name(of: "❤️", language: "en") == "red heart")
        #expect(search.name(of: "😀", language: "pt_BR") == "grinning face")
        #expect(search.name(of: "🫨", language: "de") == "shaking face")
        #expect(search.name(of: "abc", language: "en") == nil)
        #expect(search.name(of: "", language: "en") == nil)
    }

    @Test("the match for a variant is its base emoji's")
    func matchForVariant() {
        #expect(search.match(for: "👋🏾", language: "en")?.emoji == "👋")
        #expect(search.match(for: "x", language: "en") == nil)
    }
}
