import Foundation
import Testing

@testable import EmojiArtCore

/// The index: its shape, its lazy loading, and the ranking rules on a small hand-written index.
@Suite struct EmojiIndexTests {
    /// An index in the format of scripts/update-emoji-index, English and German, keywords numbered.
    private static func index(_ records: [(emoji: String, english: String, keywords: [String], german: String?)]) -> String {
        var keywords: [String] = []
        var lines = ["L\ten de", "G\tTest"]
        for record in records {
            var english = [record.english]
            for keyword in record.keywords {
                if !keywords.contains(keyword) { keywords.append(keyword) }
                english.append(String(keywords.firstIndex(of: keyword) ?? 0, radix: 36))
            }
            lines.append(["E", record.emoji, "0", "", english.joined(separator: "|"), record.german ?? ""].joined(separator: "\t"))
        }
        lines.insert((["K", "en"] + keywords).joined(separator: "\t"), at: 2)
        return lines.joined(separator: "\n")
    }

    @Test("the shipped index has every language, English names for all, no skin-tone records, no components")
    func shippedIndex() {
        let index = EmojiIndex(parsing: EmojiIndex.embeddedText)
        #expect(index.languages == ["en", "de", "es", "fr", "ja", "ko", "zh_CN", "ar", "he"])
        #expect(index.records.count > 1800)
        #expect(index.records.allSatisfy { $0.names[0] != nil })
        #expect(!index.groups.contains("Component"))
        let toned = index.records.filter { $0.emoji.unicodeScalars.contains { EmojiIndex.skinTones.contains($0) } }
        #expect(toned.isEmpty, "records of their own: \(toned.map(\.emoji))")
        for position in index.languages.indices {
            let named = index.records.filter { $0.names[position] != nil }.count
            #expect(named > index.records.count * 9 / 10, "\(index.languages[position]): \(named) named")
        }
    }

    @Test("the index is parsed on first use, once")
    func lazyLoading() {
        let loads = LoadCounter()
        let text = Self.index([("🐱", "cat face", ["pet"], "Katzengesicht")])
        let search = EmojiSearch {
            loads.increment()
            return EmojiIndex(parsing: text)
        }
        #expect(!search.isLoaded)
        #expect(loads.count == 0)
        #expect(search.results(for: "cat", language: "de", limit: 5).map(\.name) == ["Katzengesicht"])
        #expect(search.isLoaded)
        _ = search.name(of: "🐱", language: "en")
        _ = search.results(for: "pet", language: "en", limit: 5)
        #expect(loads.count == 1)
    }

    @Test("prepare parses the index ahead of the first search, once")
    func prepare() {
        let loads = LoadCounter()
        let text = Self.index([("🐱", "cat face", [], "Katzengesicht")])
        let search = EmojiSearch {
            loads.increment()
            return EmojiIndex(parsing: text)
        }
        search.prepare(language: "de")
        #expect(search.isLoaded)
        #expect(search.results(for: "katz", language: "de", limit: 5).map(\.emoji) == ["🐱"])
        #expect(loads.count == 1)
    }

    @Test(
        "ranking: the whole name; a name's whole word, shorter name first, then its first word's start; a later word's start; a keyword; a keyword's start"
    )
    func ranking() {
        let text = Self.index([
            ("🅰", "blue dog", ["cat"], nil),
            ("🅱", "category", [], nil),
            ("🅲", "very black cat", [], nil),
            ("🅳", "cat", [], nil),
            ("🅴", "dog", ["catalog"], nil),
            ("🅵", "black cat", [], nil),
            ("🅶", "bird", [], nil),
            ("🅷", "black category", [], nil),
        ])
        let search = EmojiSearch { EmojiIndex(parsing: text) }
        #expect(search.results(for: "cat", language: "en", limit: 10).map(\.emoji) == ["🅳", "🅵", "🅲", "🅱", "🅷", "🅰", "🅴"])
        #expect(search.results(for: "cat", language: "en", limit: 2).map(\.emoji) == ["🅳", "🅵"])
        // Two words: each adds its strength ("black" whole in both, "cat" whole before a prefix).
        #expect(search.results(for: "black cat", language: "en", limit: 10).map(\.emoji) == ["🅵", "🅲", "🅷"])
    }

    @Test("a language without a name falls back to English for names and matching")
    func fallback() {
        let text = Self.index([("🫨", "shaking face", [], nil), ("🐱", "cat face", [], "Katzengesicht")])
        let search = EmojiSearch { EmojiIndex(parsing: text) }
        #expect(search.results(for: "shak", language: "de", limit: 5).map(\.name) == ["shaking face"])
        #expect(search.name(of: "🐱", language: "de") == "Katzengesicht")
        #expect(search.name(of: "🫨", language: "de") == "shaking face")
    }

    @Test("lines the parser does not know, and broken records, are skipped")
    func tolerantParsing() {
        let text = Self.index([("🐱", "cat face", [], nil)]) + "\nX\tfuture\nE\t🐶\t9\t\tdog face\nE\t🐭"
        let index = EmojiIndex(parsing: text)
        #expect(index.records.map(\.emoji) == ["🐱"])
    }
}

/// Counts the index loads of `lazyLoading` from the loader's `@Sendable` closure.
private final class LoadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var loads = 0
    var count: Int { lock.withLock { loads } }
    func increment() { lock.withLock { loads += 1 } }
}
