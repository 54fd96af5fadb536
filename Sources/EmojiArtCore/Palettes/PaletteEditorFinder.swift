/// The palette editor's "Find by Name" (F1, P3): the emojis whose names or keywords match the
/// query, in the language of the menus and in English, best first, and the one Enter adds. The
/// App's `PaletteEditorSearch` shows them as a grid and forwards the picks.
public struct PaletteEditorFinder: Sendable {
    /// A grid of results to look through, not the strip's long row (`PaletteStrip`).
    public static let maximumResults = 60

    private let search: EmojiSearch
    private let language: String

    public init(search: EmojiSearch = .shared, language: String) {
        self.search = search
        self.language = language
    }

    /// The emojis to show for `query`, best first; none for an empty query.
    public func results(for query: String) -> [String] {
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
        return search.results(for: query, language: language, limit: Self.maximumResults).map(\.emoji)
    }

    /// What Enter in the search entry adds: the best match shown, if any.
    public func emojiForEnter(shown: [String]) -> String? {
        shown.first
    }
}
