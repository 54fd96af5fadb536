import Foundation

/// The palette strip under the canvas (P2, P5, P6, F1): which palette it shows as the user steps
/// through the palettes, goes to one, or the palettes change under it; where New puts a palette;
/// when an emoji's menu offers "Add to Palette"; and what its search shows. Each intent returns
/// what the strip must do (`PaletteStripEffects`); the App's `PaletteBar` forwards the user's
/// intents here and applies the effects. Pure over the store's palettes, so every rule is tested
/// here.
public struct PaletteStrip: Hashable, Sendable {
    /// How many emojis a search shows: a one-letter query matches most of the index, and a strip
    /// of hundreds of buttons is not a result anyone scrolls through.
    public static let maximumSearchResults = 300

    /// Where the palette shown is among the palettes.
    public private(set) var index = 0
    /// The palette shown: followed by id, so it stays shown when palettes are reordered or renamed.
    public private(set) var paletteID: Int
    /// What the search entry holds while it is open in place of the palette chooser (F1); nil
    /// while the strip shows the palette.
    public private(set) var searchQuery: String?

    /// A strip showing the first of `palettes`, which the store never leaves empty (P5).
    public init(palettes: [Palette]) {
        paletteID = palettes.first?.id ?? 0
    }

    public var isSearching: Bool { searchQuery != nil }

    // MARK: - Which palette is shown

    /// The chooser was clicked: the next palette, the first after the last (P2).
    public mutating func showNext(of palettes: [Palette]) -> PaletteStripEffects {
        remembered(show(at: index + 1, of: palettes))
    }

    /// Go To picked the palette at `index`.
    public mutating func goTo(index: Int, of palettes: [Palette]) -> PaletteStripEffects {
        remembered(show(at: index, of: palettes))
    }

    /// The window's remembered palette (P6), when it still exists; nothing changes otherwise.
    public mutating func restore(paletteID id: Int, of palettes: [Palette]) -> PaletteStripEffects {
        guard let index = palettes.firstIndex(where: { $0.id == id }) else { return .none }
        return show(at: index, of: palettes)
    }

    /// New put `palette` in (at `newPaletteIndex`): it is shown, and remembered.
    public mutating func showAdded(_ palette: Palette, of palettes: [Palette]) -> PaletteStripEffects {
        remembered(restore(paletteID: palette.id, of: palettes))
    }

    /// The palettes changed (here, in another window or in another process): the same palette
    /// shows with its new name and emojis; if it was deleted, the one now nearest its place (P5),
    /// which the window remembers instead.
    public mutating func palettesChanged(_ palettes: [Palette]) -> PaletteStripEffects {
        if let index = palettes.firstIndex(where: { $0.id == paletteID }) { return show(at: index, of: palettes) }
        return remembered(show(at: min(index, palettes.count - 1), of: palettes))
    }

    /// Another palette is shown, which the window remembers; nothing when none could be.
    private func remembered(_ effects: PaletteStripEffects) -> PaletteStripEffects {
        effects.isEmpty ? .none : effects.union(.rememberPalette)
    }

    /// Shows the palette at `index`, wrapping around past either end (P2).
    private mutating func show(at index: Int, of palettes: [Palette]) -> PaletteStripEffects {
        let count = palettes.count
        guard count > 0 else { return .none }
        self.index = ((index % count) + count) % count
        paletteID = palettes[self.index].id
        return isSearching ? .showPalette : [.showPalette, .showEmojis]
    }

    // MARK: - What the chooser's menu offers

    /// Where New puts its palette: right after the one shown (P2).
    public var newPaletteIndex: Int { index + 1 }

    /// The palette an emoji's menu offers to add `emoji` to: the one shown, when it lacks the
    /// emoji (an emoji found by name, F1); nil when it has it.
    public func paletteOffered(toAdd emoji: String, among palettes: [Palette]) -> Palette? {
        guard let palette = palettes.first(where: { $0.id == paletteID }), !palette.uniqueEmojis.contains(emoji) else {
            return nil
        }
        return palette
    }

    // MARK: - Search (F1)

    /// Ctrl+F or the search button: the entry opens in place of the chooser with the recent
    /// emojis; an open search only takes the keys again.
    public mutating func startSearch() -> PaletteStripEffects {
        guard !isSearching else { return .focusSearch }
        searchQuery = ""
        return [.searchToggled, .showEmojis, .focusSearch]
    }

    /// Escape or the search button: the palette's emojis come back, and the keys go back to the
    /// canvas.
    public mutating func endSearch() -> PaletteStripEffects {
        guard isSearching else { return .none }
        searchQuery = nil
        return [.searchToggled, .showEmojis]
    }

    /// The search entry's text changed.
    public mutating func searchChanged(to query: String) -> PaletteStripEffects {
        guard isSearching else { return .none }
        searchQuery = query
        return .showEmojis
    }

    /// An emoji was added to a document somewhere: a search showing the recent emojis shows it
    /// first.
    public func recentsChanged() -> PaletteStripEffects {
        searchQuery == "" ? .showEmojis : .none
    }

    /// The emojis the strip shows: the palette's; while searching, the matches for the query, best
    /// first — with no query, the recently added emojis, or the palette's before any was added.
    public func shownEmojis(
        palettes: [Palette], recents: [String], search: EmojiSearch, language: String
    ) -> [String] {
        let paletteEmojis = palettes.first { $0.id == paletteID }?.uniqueEmojis ?? []
        guard let query = searchQuery else { return paletteEmojis }
        if query.trimmingCharacters(in: .whitespaces).isEmpty { return recents.isEmpty ? paletteEmojis : recents }
        return search.results(for: query, language: language, limit: Self.maximumSearchResults).map(\.emoji)
    }

    /// Whether the strip says that nothing matched, in place of `shownEmojis`.
    public func saysNothingFound(shownEmojis: [String]) -> Bool {
        isSearching && shownEmojis.isEmpty
    }
}
