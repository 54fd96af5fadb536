/// One language's names and keywords, folded once so a keystroke only compares bytes (SPEC F1:
/// ≤ 5 ms on the whole index). Each record's terms hold its words in the UI language and in
/// English, since both are searched.
struct EmojiSearchTable: Sendable {
    /// A folded word of a name or a keyword.
    struct Term: Sendable {
        var bytes: [UInt8]
        var isName: Bool
        /// The first word of a name.
        var isNameStart: Bool
        var isCJK: Bool
    }

    struct Entry: Sendable {
        var terms: [Term]
        /// The folded names (UI language, English), for "the query is the whole name".
        var foldedNames: [[UInt8]]
        /// Characters in the shown name: among equal matches, the shorter name is the closer one.
        var nameLength: Int
    }

    /// How well one typed word matched, lower is better (SPEC F1: a name before a keyword, a
    /// whole word before a prefix). The start of a name's first word counts as a whole word: a
    /// German compound names its subject first ("katze" must find “Katzengesicht”, 🐱, as well
    /// as French finds “tête de chat”), and CJK names are single words.
    enum Strength: Int, Comparable {
        case nameWord = 0
        case namePrefix, keywordWord, keywordPrefix

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let language: Int
    let entries: [Entry]

    init(index: EmojiIndex, language: Int) {
        self.language = language
        entries = index.records.map { record in
            var terms: [Term] = []
            var foldedNames: [[UInt8]] = []
            var namings = [index.naming(record, language: language)]
            if language != 0, let english = record.names[0] { namings.append(english) }
            for naming in namings {
                foldedNames.append(Array(SearchFolding.words(naming.name).map(SearchFolding.fold).joined(separator: [0x20])))
                for (text, isName) in [(naming.name, true)] + naming.keywords.map({ ($0, false) }) {
                    for (position, word) in SearchFolding.words(text).enumerated() {
                        terms.append(
                            Term(
                                bytes: SearchFolding.fold(word), isName: isName, isNameStart: isName && position == 0,
                                isCJK: SearchFolding.containsCJK(word)))
                    }
                }
            }
            return Entry(terms: terms, foldedNames: foldedNames, nameLength: namings[0].name.count)
        }
    }

    /// The positions of the records every word of `query` matches, best first: the whole name,
    /// then by the sum of the words' strengths, then fewer words found only as a prefix (so
    /// "chat" puts 🐱 “tête de chat” before 🏰 “château”), the shorter name, Unicode's order.
    func search(_ query: String, limit: Int) -> [Int] {
        let words = SearchFolding.words(query)
        guard !words.isEmpty, limit > 0 else { return [] }
        let folded = words.map { (bytes: SearchFolding.fold($0), isCJK: SearchFolding.containsCJK($0)) }
        let wholeQuery = Array(folded.map(\.bytes).joined(separator: [0x20]))
        var found: [(position: Int, score: Int, partialWords: Int, isExact: Bool, length: Int)] = []
        for (position, entry) in entries.enumerated() {
            var score = 0
            var partialWords = 0
            var matchesAll = true
            for word in folded {
                guard let (strength, isWhole) = Self.bestStrength(of: word.bytes, isCJK: word.isCJK, in: entry.terms) else {
                    matchesAll = false
                    break
                }
                score += strength.rawValue
                if !isWhole { partialWords += 1 }
            }
            guard matchesAll else { continue }
            found.append((position, score, partialWords, entry.foldedNames.contains(wholeQuery), entry.nameLength))
        }
        found.sort { a, b in
            if a.isExact != b.isExact { return a.isExact }
            if a.score != b.score { return a.score < b.score }
            if a.partialWords != b.partialWords { return a.partialWords < b.partialWords }
            if a.length != b.length { return a.length < b.length }
            return a.position < b.position
        }
        return found.prefix(limit).map(\.position)
    }

    /// The best way `word` matches one of `terms`: a word starting with it (anywhere inside, for
    /// CJK, whose names are not split into words), whole words counting higher; and whether any
    /// name or keyword has it as a whole word.
    static func bestStrength(of word: [UInt8], isCJK: Bool, in terms: [Term]) -> (Strength, isWhole: Bool)? {
        var best: Strength?
        var isWhole = false
        for term in terms {
            let strength: Strength
            if term.bytes == word {
                if term.isName { return (.nameWord, true) }
                isWhole = true
                strength = .keywordWord
            } else if startsWith(term.bytes, word) {
                strength = term.isNameStart ? .nameWord : term.isName ? .namePrefix : .keywordPrefix
            } else if isCJK && term.isCJK && contains(term.bytes, word) {
                strength = term.isName ? .namePrefix : .keywordPrefix
            } else {
                continue
            }
            if let current = best, current <= strength { continue }
            best = strength
        }
        return best.map { ($0, isWhole) }
    }

    private static func startsWith(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        for offset in prefix.indices where bytes[offset] != prefix[offset] { return false }
        return true
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= bytes.count, let first = part.first else { return part.isEmpty }
        var start = 0
        while start + part.count <= bytes.count {
            if bytes[start] == first, bytes[start..<(start + part.count)].elementsEqual(part) { return true }
            start += 1
        }
        return false
    }
}
