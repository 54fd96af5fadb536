import Testing

@testable import EmojiArtCore

/// P2, P5, P6, F1: the palette strip's rules — which palette it shows, where New puts one, what an
/// emoji's menu offers, and what its search shows.
@Suite struct PaletteStripTests {
    let palettes = [
        Palette(id: 4, name: "Faces", emojis: "😀😃😃"),
        Palette(id: 7, name: "Weather", emojis: "☀️🌧"),
        Palette(id: 2, name: "Food", emojis: "🍎"),
    ]

    @Test("a new strip shows the first palette, with its emojis each once")
    func startsAtTheFirst() {
        let strip = PaletteStrip(palettes: palettes)
        #expect(strip.index == 0)
        #expect(strip.paletteID == 4)
        #expect(strip.shownEmojis(palettes: palettes, recents: [], search: .shared, language: "en") == ["😀", "😃"])
    }

    @Test("the chooser steps to the next palette, and from the last back to the first; the window remembers it")
    func nextWrapsAround() {
        var strip = PaletteStrip(palettes: palettes)
        #expect(strip.showNext(of: palettes) == [.showPalette, .showEmojis, .rememberPalette])
        #expect(strip.paletteID == 7)
        _ = strip.showNext(of: palettes)
        #expect(strip.paletteID == 2)
        _ = strip.showNext(of: palettes)
        #expect(strip.paletteID == 4)
        #expect(strip.index == 0)
    }

    @Test("Go To shows the palette picked, wrapping an index past either end, and the window remembers it")
    func goTo() {
        var strip = PaletteStrip(palettes: palettes)
        #expect(strip.goTo(index: 2, of: palettes) == [.showPalette, .showEmojis, .rememberPalette])
        #expect(strip.paletteID == 2)
        _ = strip.goTo(index: -1, of: palettes)
        #expect(strip.paletteID == 2)
        _ = strip.goTo(index: 4, of: palettes)
        #expect(strip.paletteID == 7)
    }

    @Test("the window's remembered palette shows when it still exists, without being remembered again")
    func restore() {
        var strip = PaletteStrip(palettes: palettes)
        #expect(strip.restore(paletteID: 2, of: palettes) == [.showPalette, .showEmojis])
        #expect(strip.index == 2)
        #expect(strip.restore(paletteID: 99, of: palettes) == .none)
        #expect(strip.paletteID == 2)
    }

    @Test("the palette shown stays shown when the palettes are reordered or renamed")
    func followsByID() {
        var strip = PaletteStrip(palettes: palettes)
        _ = strip.goTo(index: 1, of: palettes)
        let reordered = [
            Palette(id: 2, name: "Food", emojis: "🍎"), Palette(id: 4, name: "Faces", emojis: "😀"),
            Palette(id: 7, name: "Sky", emojis: "☀️🌧"),
        ]
        #expect(strip.palettesChanged(reordered) == [.showPalette, .showEmojis])
        #expect(strip.paletteID == 7)
        #expect(strip.index == 2)
    }

    @Test("when the palette shown is deleted, the one now in its place shows — the last when it was last — and is remembered")
    func deletedShowsTheNearest() {
        var strip = PaletteStrip(palettes: palettes)
        _ = strip.goTo(index: 1, of: palettes)
        #expect(strip.palettesChanged([palettes[0], palettes[2]]) == [.showPalette, .showEmojis, .rememberPalette])
        #expect(strip.paletteID == 2)
        #expect(strip.index == 1)
        #expect(strip.palettesChanged([palettes[0]]) == [.showPalette, .showEmojis, .rememberPalette])
        #expect(strip.paletteID == 4)
        #expect(strip.index == 0)
    }

    @Test("New goes right after the palette shown, and the new palette is shown and remembered")
    func newPalette() {
        var strip = PaletteStrip(palettes: palettes)
        _ = strip.goTo(index: 2, of: palettes)
        #expect(strip.newPaletteIndex == 3)
        _ = strip.goTo(index: 0, of: palettes)
        #expect(strip.newPaletteIndex == 1)
        let new = Palette(id: 8, name: "New", emojis: "")
        let withNew = [palettes[0], new, palettes[1], palettes[2]]
        #expect(strip.palettesChanged(withNew) == [.showPalette, .showEmojis])
        #expect(strip.showAdded(new, of: withNew) == [.showPalette, .showEmojis, .rememberPalette])
        #expect(strip.paletteID == 8)
        #expect(strip.index == 1)
        #expect(strip.showAdded(Palette(id: 99, name: "Gone", emojis: ""), of: withNew) == .none)
        #expect(strip.paletteID == 8)
    }

    @Test("an emoji's menu offers to add it to the palette shown only when that palette lacks it")
    func addToPaletteOffer() {
        let strip = PaletteStrip(palettes: palettes)
        #expect(strip.paletteOffered(toAdd: "🍎", among: palettes) == palettes[0])
        #expect(strip.paletteOffered(toAdd: "😃", among: palettes) == nil)
        #expect(strip.paletteOffered(toAdd: "🍎", among: [palettes[1]]) == nil)
    }

    @Test("the search opens in place of the chooser with the recent emojis, or the palette's before any; opening it again only focuses it")
    func searchOpens() {
        var strip = PaletteStrip(palettes: palettes)
        #expect(!strip.isSearching)
        #expect(strip.startSearch() == [.searchToggled, .showEmojis, .focusSearch])
        #expect(strip.isSearching)
        #expect(strip.searchQuery == "")
        #expect(strip.shownEmojis(palettes: palettes, recents: ["🍎", "🌧"], search: .shared, language: "en") == ["🍎", "🌧"])
        #expect(strip.shownEmojis(palettes: palettes, recents: [], search: .shared, language: "en") == ["😀", "😃"])
        #expect(strip.startSearch() == .focusSearch)
    }

    @Test("a query of spaces shows the recent emojis as an empty one does")
    func blankQuery() {
        var strip = PaletteStrip(palettes: palettes)
        _ = strip.startSearch()
        #expect(strip.searchChanged(to: "  ") == .showEmojis)
        #expect(strip.shownEmojis(palettes: palettes, recents: ["🍎"], search: .shared, language: "en") == ["🍎"])
    }

    @Test("a query shows the matches, best first, at most 300, and says when nothing matched")
    func searchResults() throws {
        var strip = PaletteStrip(palettes: palettes)
        _ = strip.startSearch()
        _ = strip.searchChanged(to: "apple")
        let apples = strip.shownEmojis(palettes: palettes, recents: ["🌧"], search: .shared, language: "en")
        #expect(apples.contains("🍎"))
        #expect(!strip.saysNothingFound(shownEmojis: apples))

        // A letter that starts more names and keywords than the strip shows.
        let letter = try #require(
            "abcdefghijklmnopqrstuvwxyz".map(String.init).first {
                EmojiSearch.shared.results(for: $0, language: "en", limit: 10_000).count > PaletteStrip.maximumSearchResults
            })
        _ = strip.searchChanged(to: letter)
        let many = strip.shownEmojis(palettes: palettes, recents: [], search: .shared, language: "en")
        #expect(many.count == PaletteStrip.maximumSearchResults)

        _ = strip.searchChanged(to: "qqqzzzxxx")
        let none = strip.shownEmojis(palettes: palettes, recents: ["🌧"], search: .shared, language: "en")
        #expect(none.isEmpty)
        #expect(strip.saysNothingFound(shownEmojis: none))
    }

    @Test("an empty palette shown outside a search is not a search that found nothing")
    func emptyPaletteIsNotNothingFound() {
        let empty = [Palette(id: 1, name: "Empty", emojis: "")]
        let strip = PaletteStrip(palettes: empty)
        let shown = strip.shownEmojis(palettes: empty, recents: [], search: .shared, language: "en")
        #expect(shown.isEmpty)
        #expect(!strip.saysNothingFound(shownEmojis: shown))
    }

    @Test("while searching, another palette shows in the chooser but not in place of the results")
    func paletteChangeWhileSearching() {
        var strip = PaletteStrip(palettes: palettes)
        _ = strip.startSearch()
        #expect(strip.showNext(of: palettes) == [.showPalette, .rememberPalette])
        #expect(strip.palettesChanged(palettes) == .showPalette)
    }

    @Test("the entry's text matters only while searching")
    func typingOutsideASearch() {
        var strip = PaletteStrip(palettes: palettes)
        #expect(strip.searchChanged(to: "cat") == .none)
        #expect(strip.searchQuery == nil)
    }

    @Test("closing the search brings the palette's emojis back; closing a closed one does nothing")
    func searchCloses() {
        var strip = PaletteStrip(palettes: palettes)
        _ = strip.startSearch()
        _ = strip.searchChanged(to: "apple")
        #expect(strip.endSearch() == [.searchToggled, .showEmojis])
        #expect(!strip.isSearching)
        #expect(strip.shownEmojis(palettes: palettes, recents: ["🌧"], search: .shared, language: "en") == ["😀", "😃"])
        #expect(strip.endSearch() == .none)
    }

    @Test("a new recent emoji shows in a search with an empty entry, not in one with a query or outside a search")
    func recentsFollow() {
        var strip = PaletteStrip(palettes: palettes)
        #expect(strip.recentsChanged() == .none)
        _ = strip.startSearch()
        #expect(strip.recentsChanged() == .showEmojis)
        _ = strip.searchChanged(to: "cat")
        #expect(strip.recentsChanged() == .none)
        _ = strip.searchChanged(to: " ")
        #expect(strip.recentsChanged() == .none)
    }

    @Test("with no palettes (which the store never allows) nothing is shown or remembered")
    func noPalettes() {
        var strip = PaletteStrip(palettes: [])
        #expect(strip.showNext(of: []) == .none)
        #expect(strip.goTo(index: 0, of: []) == .none)
        #expect(strip.palettesChanged([]) == .none)
        #expect(strip.shownEmojis(palettes: [], recents: [], search: .shared, language: "en").isEmpty)
    }
}
