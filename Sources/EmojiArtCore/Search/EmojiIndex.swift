/// Unicode's emojis with their CLDR names and keywords in English and the eight UI languages
/// (SPEC F1), parsed from the text `scripts/update-emoji-index` writes. Immutable once parsed.
/// The format is described in that script; a line it does not know is skipped, so an older app
/// reads a newer index.
final class EmojiIndex: Sendable {
    /// One emoji and its names, in Unicode's order.
    struct Record: Sendable {
        var emoji: String
        var group: Int
        var skinToneVariants: [String]
        /// Per language (in `languages` order): the name and keywords, or nil where CLDR has none.
        var names: [Naming?]
    }

    struct Naming: Sendable {
        var name: String
        var keywords: [String]
    }

    /// How a language joins a base name to its skin tones: "waving hand: medium skin tone".
    struct ToneNaming: Sendable {
        var separator: String
        var between: String
        var tones: [String]
    }

    /// The language codes, English first (its names are always there).
    let languages: [String]
    let groups: [String]
    let records: [Record]
    let toneNamings: [ToneNaming?]
    /// Every emoji and skin-tone variant, without U+FE0F, to its record and its tones (0…4).
    private let lookup: [String: (record: Int, tones: [Int])]

    static let skinTones: [Unicode.Scalar] = ["\u{1F3FB}", "\u{1F3FC}", "\u{1F3FD}", "\u{1F3FE}", "\u{1F3FF}"]

    init(parsing text: String) {
        // Parsed as bytes, each field decoded once: splitting the String itself breaks graphemes
        // through every ZWJ sequence of the ~450 KB, which was most of the load.
        typealias Field = ArraySlice<UInt8>
        func string(_ field: Field) -> String { String(decoding: field, as: UTF8.self) }
        let bytes = Array(text.utf8)
        var languages: [String] = ["en"]
        var groups: [String] = []
        var keywordTables: [String: [String]] = [:]
        var toneLines: [String: ToneNaming] = [:]
        var rawRecords: [[Field]] = []
        for line in bytes.split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count > 1, fields[0].count == 1, let kind = fields[0].first else { continue }
            switch UnicodeScalar(kind) {
            case "L":
                languages = fields[1].split(separator: 0x20).map(string)
            case "T" where fields.count == 9:
                toneLines[string(fields[1])] = ToneNaming(
                    separator: string(fields[2]), between: string(fields[3]), tones: fields[4...].map(string))
            case "G":
                groups.append(string(fields[1]))
            case "K":
                keywordTables[string(fields[1])] = fields[2...].map(string)
            case "E" where fields.count >= 4:
                rawRecords.append(fields)
            default:
                continue
            }
        }
        var records: [Record] = []
        var lookup: [String: (record: Int, tones: [Int])] = [:]
        records.reserveCapacity(rawRecords.count)
        let tables = languages.map { keywordTables[$0] ?? [] }
        for fields in rawRecords {
            guard let group = Int(string(fields[2])), groups.indices.contains(group) else { continue }
            let names = languages.indices.map { position -> Naming? in
                let field = fields.count > 4 + position ? fields[4 + position] : []
                let parts = field.split(separator: 0x7C)
                guard let name = parts.first else { return nil }
                let keywords = parts.dropFirst().compactMap { number in
                    Int(string(number), radix: 36).flatMap { tables[position].indices.contains($0) ? tables[position][$0] : nil }
                }
                return Naming(name: string(name), keywords: keywords)
            }
            guard names.first??.name != nil else { continue }
            let emoji = string(fields[1])
            let variants = fields[3].split(separator: 0x20).map(string)
            let position = records.count
            records.append(Record(emoji: emoji, group: group, skinToneVariants: variants, names: names))
            lookup[Self.withoutPresentationSelector(emoji)] = (position, [])
            for variant in variants {
                let tones = variant.unicodeScalars.compactMap { Self.skinTones.firstIndex(of: $0) }
                lookup[Self.withoutPresentationSelector(variant)] = (position, tones)
            }
        }
        self.languages = languages
        self.groups = groups
        self.records = records
        self.lookup = lookup
        self.toneNamings = languages.map { toneLines[$0] }
    }

    /// The position of `language` in `languages`: "de_DE.UTF-8" and "de" are German, "zh" is
    /// "zh_CN"; any other language is English.
    func languagePosition(_ language: String) -> Int {
        let locale = language.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        let normalized = locale.replacingOccurrences(of: "-", with: "_")
        if let exact = languages.firstIndex(of: normalized) { return exact }
        let base = normalized.split(separator: "_").first.map(String.init) ?? ""
        return languages.firstIndex { $0.split(separator: "_").first.map(String.init) == base } ?? 0
    }

    /// The name and keywords of `record` in the language at `position`, else in English.
    func naming(_ record: Record, language position: Int) -> Naming {
        record.names[position] ?? record.names[0] ?? Naming(name: record.emoji, keywords: [])
    }

    /// The localized name of any emoji of the index, skin-tone variants included ("waving hand:
    /// medium skin tone"), with or without U+FE0F; nil for text that is not one emoji of it.
    func name(of emoji: String, language position: Int) -> String? {
        guard let (record, tones) = lookup[Self.withoutPresentationSelector(emoji)] else { return nil }
        var position = position
        if records[record].names[position] == nil { position = 0 }
        let base = naming(records[record], language: position).name
        guard !tones.isEmpty, let toneNaming = toneNamings[position] ?? toneNamings[0] else { return base }
        // Two people of one tone are named with it once, as CLDR does ("…: light skin tone").
        let distinct = Set(tones).count == 1 ? [tones[0]] : tones
        let toneNames = distinct.map { toneNaming.tones.indices.contains($0) ? toneNaming.tones[$0] : "" }
        return base + toneNaming.separator + toneNames.joined(separator: toneNaming.between)
    }

    /// The record of `emoji` or of the emoji whose skin-tone variant it is.
    func recordPosition(of emoji: String) -> Int? {
        lookup[Self.withoutPresentationSelector(emoji)]?.record
    }

    private static func withoutPresentationSelector(_ emoji: String) -> String {
        String(String.UnicodeScalarView(emoji.unicodeScalars.filter { $0 != "\u{FE0F}" }))
    }
}
