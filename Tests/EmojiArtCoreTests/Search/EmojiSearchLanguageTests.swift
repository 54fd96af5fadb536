import Testing

@testable import EmojiArtCore

/// SPEC F1 on the shipped index, in English and the eight UI languages (Arabic and Hebrew: X9).
@Suite struct EmojiSearchLanguageTests {
    private let search = EmojiSearch.shared

    private func emojis(_ query: String, _ language: String, limit: Int = 50) -> [String] {
        search.results(for: query, language: language, limit: limit).map(\.emoji)
    }

    @Test(
        "the word for “cat” offers 🐱 among the first five results in every language",
        arguments: [
            ("en", "cat"), ("de", "katze"), ("es", "gato"), ("fr", "chat"),
            ("ja", "ねこ"), ("ja", "ネコ"), ("ko", "고양이"), ("zh_CN", "猫"), ("ar", "قطة"), ("he", "חתול"),
        ])
    func cat(language: String, query: String) {
        #expect(emojis(query, language, limit: 5).contains("🐱"))
    }

    @Test(
        "“red he” offers ❤️ first, whatever the UI language (English is always searched)",
        arguments: [
            "en", "de", "es", "fr", "ja", "ko", "zh_CN", "ar", "he",
        ])
    func redHeart(language: String) {
        #expect(emojis("red he", language, limit: 1) == ["❤️"])
    }

    @Test("each typed word must match the start of a word: “he red” finds ❤️, “eart” and “red hex” do not")
    func everyWordMatchesTheStartOfAWord() {
        #expect(emojis("he red", "en").contains("❤️"))
        #expect(!emojis("eart", "en").contains("❤️"))
        #expect(!emojis("red hex", "en").contains("❤️"))
    }

    @Test(
        "case and accents do not matter where the language has them",
        arguments: [
            ("fr", "COEUR ROUGE", "❤️"), ("fr", "tete de chat", "🐱"), ("fr", "TÊTE", "🐱"),
            ("es", "corazon rojo", "❤️"), ("es", "CORAZÓN", "❤️"),
            ("de", "ROTES HERZ", "❤️"), ("de", "grun", "💚"), ("en", "Grinning FACE", "😀"),
        ])
    func caseAndAccents(language: String, query: String, emoji: String) {
        #expect(emojis(query, language).contains(emoji))
    }

    @Test(
        "Chinese, Japanese and Korean match anywhere inside a name or keyword",
        arguments: [
            ("zh_CN", "脸", "🐱"), ("ja", "顔", "🐱"), ("ja", "の顔", "🐱"), ("ko", "양이", "🐱"), ("ko", "얼굴", "🐱"),
        ])
    func cjkSubstrings(language: String, query: String, emoji: String) {
        #expect(emojis(query, language, limit: 500).contains(emoji))
    }

    @Test(
        "Arabic and Hebrew names are found as people type them: without vowel marks, shadda or niqqud, with the letters typed interchangeably as one (X9)",
        arguments: [
            // The name as CLDR writes it, first: every word must still find the emoji.
            ("ar", "قلب أحمر", "❤️"), ("ar", "وجه قطة", "🐱"), ("he", "לב אדום", "❤️"), ("he", "פני חתול", "🐱"),
            // Teh marbuta typed as heh; alef without its hamza; no shadda (CLDR: “هرّ أسود”, “حمّام”).
            ("ar", "قطه", "🐱"), ("ar", "احمر", "❤️"), ("ar", "هر اسود", "🐈‍⬛"), ("ar", "حمام بخار", "🧖"),
            // Vowel marks typed anyway (CLDR writes none here).
            ("ar", "قِطَّة", "🐱"), ("he", "חָתוּל", "🐱"),
            // A word typed with its final letter finds the longer words it begins (CLDR: “אוזניה”, “מגירות מסמכים”).
            ("he", "אוזן", "🎧"), ("he", "מסמך", "🗄️"),
            // Locale codes, not only languages.
            ("ar_SA.UTF-8", "قطة", "🐱"), ("he_IL", "חתול", "🐱"),
        ])
    func arabicAndHebrew(language: String, query: String, emoji: String) {
        #expect(emojis(query, language).contains(emoji), "\(emojis(query, language, limit: 10))")
    }

    @Test("hiragana and katakana find the same emojis")
    func kana() {
        #expect(emojis("ねこ", "ja") == emojis("ネコ", "ja"))
        #expect(!emojis("ねこ", "ja").isEmpty)
    }

    @Test("results carry the localized name, keywords, group and skin tones")
    func matchContents() throws {
        let match = try #require(search.results(for: "katze", language: "de_DE.UTF-8", limit: 10).first { $0.emoji == "🐱" })
        #expect(match.name == "Katzengesicht")
        #expect(match.keywords.contains("Tier"))
        #expect(match.group == "Animals & Nature")
        #expect(match.skinToneVariants.isEmpty)
        let wave = try #require(search.results(for: "wav", language: "en", limit: 10).first { $0.emoji == "👋" })
        #expect(wave.skinToneVariants == ["👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"])
    }

    @Test("skin-tone variants are not results of their own")
    func variantsAreNotResults() {
        let found = emojis("waving hand", "en", limit: 500)
        #expect(found.contains("👋"))
        #expect(!found.contains { $0.unicodeScalars.contains { EmojiIndex.skinTones.contains($0) } })
    }

    @Test("English words find emojis in every UI language, named in that language")
    func englishEverywhere() throws {
        let match = try #require(search.results(for: "cat face", language: "ko", limit: 1).first)
        #expect(match.emoji == "🐱")
        #expect(match.name == "고양이 얼굴")
    }

    @Test("an emoji newer than the annotations has its English Unicode name in every language")
    func newerThanAnnotations() throws {
        for language in ["en", "de", "ja"] {
            let match = try #require(search.results(for: "shaking face", language: language, limit: 1).first)
            #expect(match.emoji == "🫨")
            #expect(match.name == "shaking face")
        }
    }

    @Test("an empty query, a query of punctuation and a zero limit find nothing; the limit holds")
    func emptyAndLimit() {
        #expect(emojis("", "en").isEmpty)
        #expect(emojis(" - ", "en").isEmpty)
        #expect(search.results(for: "face", language: "en", limit: 0).isEmpty)
        #expect(emojis("face", "en", limit: 7).count == 7)
    }
}
