import Testing

@testable import EmojiArtCore

/// `localized(…)`: the installed catalog's translation with its {placeholders} filled (SPEC A3).
/// Each test scopes its catalog to itself (`Localization.$override`), so parallel tests that
/// read English sentences are not affected.
@Suite struct LocalizationTests {
    /// A catalog that knows a few German messages, with German plural rules.
    private static let german = MessageCatalog(
        translate: { message in
            [
                "Open": "Öffnen",
                "“{file}” cannot be read: {reason}.": "„{file}“ kann nicht gelesen werden: {reason}.",
                "{second} before {first}": "{first} nach {second}",
            ][message] ?? message
        },
        translatePlural: { singular, plural, count in
            guard singular == "{count} emoji selected" else { return count == 1 ? singular : plural }
            return count == 1 ? "ein Emoji ausgewählt" : "{count} Emojis ausgewählt"
        }
    )

    @Test("without a catalog the English text is returned, its placeholders filled")
    func englishFallback() {
        Localization.$override.withValue(nil) {
            #expect(localized("Open") == "Open")
            #expect(
                localized("“{file}” cannot be read: {reason}.", ["file": "a.emojiart", "reason": "no"])
                    == "“a.emojiart” cannot be read: no.")
            #expect(localizedPlural("{count} emoji selected", "{count} emojis selected", count: 1) == "1 emoji selected")
            #expect(localizedPlural("{count} emoji selected", "{count} emojis selected", count: 3) == "3 emojis selected")
        }
    }

    @Test("a catalog's translation is used, and placeholders may move")
    func translated() {
        Localization.$override.withValue(Self.german) {
            #expect(localized("Open") == "Öffnen")
            #expect(
                localized("“{file}” cannot be read: {reason}.", ["file": "a.emojiart", "reason": "nein"])
                    == "„a.emojiart“ kann nicht gelesen werden: nein.")
            #expect(localized("{second} before {first}", ["first": "1", "second": "2"]) == "1 nach 2")
            #expect(localized("Not in the catalog") == "Not in the catalog")
        }
    }

    @Test(
        "plurals come from the catalog's rules, with {count} filled",
        arguments: [
            (0, "0 Emojis ausgewählt"), (1, "ein Emoji ausgewählt"), (2, "2 Emojis ausgewählt"),
        ])
    func plurals(count: Int, expected: String) {
        Localization.$override.withValue(Self.german) {
            #expect(localizedPlural("{count} emoji selected", "{count} emojis selected", count: count) == expected)
        }
    }

    @Test("values are filled once: braces inside a value stay as they are")
    func valuesAreNotFilledAgain() {
        #expect(
            fillPlaceholders("“{file}” in {folder}", ["file": "{folder}.emojiart", "folder": "/tmp"])
                == "“{folder}.emojiart” in /tmp")
    }

    @Test("unknown placeholders and unmatched braces are kept")
    func unknownPlaceholders() {
        #expect(fillPlaceholders("{a} {b} {c", ["a": "1"]) == "1 {b} {c")
        #expect(fillPlaceholders("no braces", ["a": "1"]) == "no braces")
    }

    @Test("the language of the messages is the one the catalog's header declares; English without one")
    func languageFromCatalogHeader() {
        let japanese = MessageCatalog(
            translate: { $0.isEmpty ? "Project-Id-Version: EmojiArt\nLanguage: ja\nContent-Type: text/plain; charset=UTF-8\n" : $0 },
            translatePlural: { singular, plural, count in count == 1 ? singular : plural })
        Localization.$override.withValue(japanese) {
            #expect(Localization.language == "ja")
        }
        Localization.$override.withValue(MessageCatalog.untranslated) {
            #expect(Localization.language == "en")
        }
    }
}
