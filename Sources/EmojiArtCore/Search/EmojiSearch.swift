import Foundation

/// Finds emojis by name and keyword in the UI language and English (SPEC F1), and names them for
/// screen readers. The index is parsed on the first call, never at launch, and each language's
/// folded table on its first search; both are kept for the life of the process.
///
/// A class with a lock, not an actor: the strip searches on every keystroke from the main thread
/// and needs the answer in that frame, without a hop.
public final class EmojiSearch: @unchecked Sendable {
    /// The index compiled into the binary (scripts/update-emoji-index).
    public static let shared = EmojiSearch { EmojiIndex(parsing: EmojiIndex.embeddedText) }

    private let load: @Sendable () -> EmojiIndex
    /// Guards `index` and `tables`, which are written once each and then only read.
    private let lock = NSLock()
    private var index: EmojiIndex?
    private var tables: [Int: EmojiSearchTable] = [:]

    /// A search of its own over the index compiled into the binary, loading it on first use (the
    /// benchmarks time that load); the app uses `shared`.
    public convenience init() {
        self.init { EmojiIndex(parsing: EmojiIndex.embeddedText) }
    }

    /// `load` runs once, on the first call that needs the index (tests count its runs).
    init(load: @escaping @Sendable () -> EmojiIndex) {
        self.load = load
    }

    /// The size of the index compiled into the binary, in bytes of UTF-8.
    public static var embeddedIndexBytes: Int {
        EmojiIndex.embeddedText.utf8.count
    }

    /// Whether the index has been parsed yet.
    public var isLoaded: Bool {
        lock.withLock { index != nil }
    }

    /// The emojis whose name or keywords, in `language` or English, match every word of `query`
    /// at the start of one of their words (anywhere inside, for Chinese, Japanese and Korean),
    /// best first: a name before a keyword, a whole word before a prefix, then the shorter name.
    /// `language` is a locale code ("de", "de_DE.UTF-8", "zh_CN"); others get English names.
    public func results(for query: String, language: String, limit: Int) -> [EmojiMatch] {
        let (index, table) = loadedTable(language: language)
        return table.search(query, limit: limit).map { match(index.records[$0], in: index, language: table.language) }
    }

    /// Parses the index now, if not yet done (13–15 ms): enough to name emojis, without the
    /// memory of a language's search table.
    public func loadIndex() {
        lock.withLock { _ = loadedIndex() }
    }

    /// Parses the index and folds `language`'s table now, if not yet done: the first search pays
    /// both (tens of milliseconds, docs/performance.md), so the strip calls this off the main
    /// thread when its search entry opens and the first keystroke answers within a frame.
    public func prepare(language: String) {
        _ = loadedTable(language: language)
    }

    /// Every emoji of the index in Unicode's order, named in `language`.
    public func allEmojis(language: String) -> [EmojiMatch] {
        let index = lock.withLock { loadedIndex() }
        let position = index.languagePosition(language)
        return index.records.map { match($0, in: index, language: position) }
    }

    /// What a screen reader says for `emoji` ("grinning face", "grinsendes Gesicht", "waving hand:
    /// medium skin tone"): its name in `language`, else in English; nil when the text is not an
    /// emoji of the index.
    public func name(of emoji: String, language: String) -> String? {
        let index = lock.withLock { loadedIndex() }
        return index.name(of: emoji, language: index.languagePosition(language))
    }

    /// The match for `emoji` or the emoji whose skin-tone variant it is (for the strip's
    /// right-click, which offers the tones of any palette emoji).
    public func match(for emoji: String, language: String) -> EmojiMatch? {
        let index = lock.withLock { loadedIndex() }
        guard let position = index.recordPosition(of: emoji) else { return nil }
        return match(index.records[position], in: index, language: index.languagePosition(language))
    }

    private func loadedTable(language: String) -> (EmojiIndex, EmojiSearchTable) {
        lock.withLock {
            let index = loadedIndex()
            let position = index.languagePosition(language)
            if let table = tables[position] { return (index, table) }
            let table = EmojiSearchTable(index: index, language: position)
            tables[position] = table
            return (index, table)
        }
    }

    /// Call with `lock` held.
    private func loadedIndex() -> EmojiIndex {
        if let index { return index }
        let loaded = load()
        index = loaded
        return loaded
    }

    private func match(_ record: EmojiIndex.Record, in index: EmojiIndex, language: Int) -> EmojiMatch {
        let naming = index.naming(record, language: language)
        return EmojiMatch(
            emoji: record.emoji, name: naming.name, keywords: naming.keywords,
            group: index.groups[record.group], skinToneVariants: record.skinToneVariants)
    }
}
