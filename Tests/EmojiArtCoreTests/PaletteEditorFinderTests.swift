import EmojiArtCore
import Testing

/// The palette editor's "Find by Name" (F1, P3).
@Suite struct PaletteEditorFinderTests {
    let finder = PaletteEditorFinder(language: "en")

    @Test("a name finds its emoji among the first results; Enter adds the best match")
    func findsByName() {
        let results = finder.results(for: "cat")
        #expect(results.prefix(3).contains("🐱"))
        #expect(finder.emojiForEnter(shown: results) == results.first)
    }

    @Test("a one-letter query shows a grid of at most 60, not the strip's 300")
    func limited() {
        #expect(EmojiSearch.shared.results(for: "a", language: "en", limit: 10_000).count > PaletteEditorFinder.maximumResults)
        #expect(finder.results(for: "a").count == PaletteEditorFinder.maximumResults)
        #expect(PaletteEditorFinder.maximumResults < PaletteStrip.maximumSearchResults)
    }

    @Test("an empty or blank query shows nothing, and Enter then adds nothing")
    func emptyQuery() {
        #expect(finder.results(for: "").isEmpty)
        #expect(finder.results(for: "   ").isEmpty)
        #expect(finder.emojiForEnter(shown: []) == nil)
    }

    @Test("the menus' language finds too: “gato” in Spanish")
    func inTheMenusLanguage() {
        #expect(PaletteEditorFinder(language: "es").results(for: "gato").prefix(5).contains("🐱"))
    }
}
