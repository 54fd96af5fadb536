import Foundation

/// How names and typed words are compared (SPEC F1): case- and accent-insensitive where a script
/// has them; hiragana and katakana as one (CLDR writes ネコ, people type ねこ); words in Han,
/// kana and Hangul matched anywhere inside, since those scripts write no spaces between words;
/// Arabic and Hebrew without their vowel marks and with the letters people type interchangeably
/// as one (SPEC X9).
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
            if folded.unicodeScalars.contains(where: { (0x0590...0x06FF).contains($0.value) }) {
                folded = String(String.UnicodeScalarView(folded.unicodeScalars.compactMap(semiticLetter)))
            }
        }
        return Array(folded.utf8)
    }

    /// Arabic and Hebrew as people type them (Foundation's folding keeps these marks): no
    /// harakat, shadda or niqqud (CLDR writes “هرّ”, people type “هر”), no tatweel; the alef
    /// with hamza or madda as alef, alef maksura as yeh, teh marbuta as heh (“قطه” finds “قطة”,
    /// as Arabic search engines fold them); Hebrew final letters as their plain forms, so
    /// “עץ” is a prefix of “עצים”.
    private static func semiticLetter(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x0591...0x05C7 where scalar.properties.generalCategory == .nonspacingMark: nil
        case 0x064B...0x065F, 0x0670, 0x0640: nil
        case 0x0622, 0x0623, 0x0625, 0x0671: "\u{0627}"
        case 0x0649: "\u{064A}"
        case 0x0629: "\u{0647}"
        case 0x05DA, 0x05DD, 0x05DF, 0x05E3, 0x05E5: Unicode.Scalar(scalar.value + 1)
        default: scalar
        }
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
