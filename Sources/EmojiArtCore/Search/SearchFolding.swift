import Foundation

/// How names and typed words are compared (SPEC F1): case- and accent-insensitive where a script
/// has them; hiragana and katakana as one (CLDR writes ネコ, people type ねこ); words in Han,
/// kana and Hangul matched anywhere inside, since those scripts write no spaces between words.
enum SearchFolding {
    /// The words of `text`: runs of letters, digits and marks, so "heart-eyes" and "o’clock"
    /// give two words each.
    /// Split by scalar, not by Character: grapheme breaking made the first search's table cost
    /// twice as much, and no separator is part of a cluster.
    static func words(_ text: String) -> [Substring] {
        text.unicodeScalars.split { scalar in
            if scalar.isASCII { return !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) }
            return
                !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .spacingMark)
        }.map { Substring($0) }
    }

    /// A word's comparable bytes (UTF-8). Diacritics are only stripped outside CJK: folding them
    /// would turn が into か (the voicing mark decomposes like an accent).
    static func fold(_ word: Substring) -> [UInt8] {
        // Most names are plain ASCII: lowercasing bytes is what Foundation's folding would do,
        // at a fraction of its cost.
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return word.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        }
        let isCJK = containsCJK(word)
        var options: String.CompareOptions = [.caseInsensitive, .widthInsensitive]
        if !isCJK { options.insert(.diacriticInsensitive) }
        var folded = String(word).folding(options: options, locale: nil)
        if isCJK {
            folded = String(String.UnicodeScalarView(folded.unicodeScalars.map(hiragana)))
        } else {
            // Ligatures are letters, not accents: "coeur" finds “cœur”.
            folded = folded.replacingOccurrences(of: "œ", with: "oe").replacingOccurrences(of: "æ", with: "ae")
        }
        return Array(folded.utf8)
    }

    /// Whether `text` has a Han, kana or Hangul character: such words match by substring.
    static func containsCJK(_ text: Substring) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x1100...0x11FF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x2FFFF:
                true
            default:
                false
            }
        }
    }

    /// Katakana ァ…ヶ to the hiragana at the same place, 0x60 lower.
    private static func hiragana(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard (0x30A1...0x30F6).contains(scalar.value) else { return scalar }
        return Unicode.Scalar(scalar.value - 0x60) ?? scalar
    }
}
