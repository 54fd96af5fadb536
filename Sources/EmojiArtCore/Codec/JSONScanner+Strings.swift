/// Strings and keys: the fast path slices the input, the slow one decodes escapes and surrogate
/// pairs; both check UTF-8 and refuse unescaped control characters (RFC 8259).
extension JSONScanner {
    mutating func readString() throws -> String {
        skipWhitespace()
        try consume(UInt8(ascii: "\""))
        let start = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                offset += 1
                guard let string = UTF8Text.string(content) else {
                    offset = start
                    throw error(localized("a string is not valid UTF-8"))
                }
                return string
            }
            if byte == UInt8(ascii: "\\") {
                offset = start - 1  // back to the opening quote
                return try readEscapedString()
            }
            if byte < 0x20 { throw error(localized("a string holds an unescaped control character")) }
            offset += 1
        }
        throw error(localized("a string is not closed"))
    }

    mutating func readKey() throws -> Key {
        guard peekByte() == UInt8(ascii: "\"") else {
            if let byte = peekByte() {
                throw error(localized("expected a key in quotes but found {character}", ["character": describe(byte)]))
            }
            throw error(localized("the file ends where a key was expected"))
        }
        let start = offset + 1
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let range = start..<index
                guard UTF8Text.isValid(UnsafeBufferPointer(rebasing: bytes[range])) else {
                    throw error(localized("a key is not valid UTF-8"))
                }
                offset = index + 1
                return Key(range: range, decoded: nil)
            }
            if byte == UInt8(ascii: "\\") {
                let decoded = try readEscapedString()
                return Key(range: start..<start, decoded: decoded)
            }
            if byte < 0x20 {
                offset = index
                throw error(localized("a key holds an unescaped control character"))
            }
            index += 1
        }
        offset = index
        throw error(localized("a key is not closed"))
    }

    mutating func skipString() throws {
        _ = try readString()
    }

    /// The slow path of `readString`, for strings holding escapes; expects the opening quote.
    private mutating func readEscapedString() throws -> String {
        try consume(UInt8(ascii: "\""))
        var utf8 = [UInt8]()
        while offset < bytes.count {
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = utf8.withUnsafeBufferPointer(UTF8Text.string) else {
                    throw error(localized("a string is not valid UTF-8"))
                }
                return string
            case UInt8(ascii: "\\"):
                try readEscape(into: &utf8)
            case ..<0x20:
                offset -= 1
                throw error(localized("a string holds an unescaped control character"))
            default:
                utf8.append(byte)
            }
        }
        throw error(localized("a string is not closed"))
    }

    private mutating func readEscape(into utf8: inout [UInt8]) throws {
        guard let byte = peekByte() else { throw error(localized("a string is not closed")) }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                else { throw error(localized("a string holds an unpaired surrogate")) }
                offset += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw error(localized("a string holds an unpaired surrogate")) }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(localized("a string holds an unpaired surrogate"))
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw error(localized("a string holds an invalid escape")) }
            utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
            offset -= 1
            throw error(localized("a string holds an invalid escape {escape}", ["escape": "“\\\(Character(UnicodeScalar(byte)))”"]))
        }
    }

    private mutating func readHex4() throws -> UInt32 {
        guard bytes.count - offset >= 4 else { throw error(localized("a string holds an incomplete \\u escape")) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(localized("a string holds an invalid \\u escape"))
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }
}
