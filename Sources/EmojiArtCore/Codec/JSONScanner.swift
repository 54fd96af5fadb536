/// A small pull scanner over UTF-8 JSON bytes. The document decoder walks a file with it
/// instead of JSONDecoder: it reads the `emojis` array of a 100,000-emoji document about three
/// times faster (DESIGN "JSON speed"), enforces a nesting limit, and knows byte offsets, so a
/// syntax error can name its line and column.
struct JSONScanner {
    /// The kinds of JSON value, as seen from their first byte.
    enum ValueKind {
        case object, array, string, number, bool, null
    }

    /// A key of an object, kept as bytes of the input so matching known keys allocates nothing.
    struct Key {
        let range: Range<Int>
        let decoded: String?
    }

    // Internal, not private, for the scanner's other files (JSONScanner+Strings.swift).
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    let maxDepth: Int

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            offset = 3  // a UTF-8 byte order mark, as some editors write
        }
    }

    // MARK: - Structure

    /// The kind of the next value, or nil when the next byte cannot start one.
    mutating func peekKind() throws -> ValueKind {
        skipWhitespace()
        guard offset < bytes.count else { throw error(localized("the file ends where a value was expected")) }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        default: throw error(localized("unexpected character {character}", ["character": describe(bytes[offset])]))
        }
    }

    /// Reads an object, calling `member` once per key; `member` must consume the value.
    mutating func readObject(depth: Int, _ member: (inout JSONScanner, Key) throws -> Void) throws {
        try enter(depth: depth)
        try consume(UInt8(ascii: "{"))
        skipWhitespace()
        if try consumeIfPresent(UInt8(ascii: "}")) { return }
        while true {
            skipWhitespace()
            let key = try readKey()
            skipWhitespace()
            try consume(UInt8(ascii: ":"))
            try member(&self, key)
            skipWhitespace()
            if try consumeIfPresent(UInt8(ascii: ",")) { continue }
            try consume(UInt8(ascii: "}"), alternative: UInt8(ascii: ","))
            return
        }
    }

    /// Reads an array, calling `element` once per element; `element` must consume it.
    mutating func readArray(depth: Int, _ element: (inout JSONScanner) throws -> Void) throws {
        try enter(depth: depth)
        try consume(UInt8(ascii: "["))
        skipWhitespace()
        if try consumeIfPresent(UInt8(ascii: "]")) { return }
        while true {
            try element(&self)
            skipWhitespace()
            if try consumeIfPresent(UInt8(ascii: ",")) { continue }
            try consume(UInt8(ascii: "]"), alternative: UInt8(ascii: ","))
            return
        }
    }

    /// Reads and discards any value, still checking its syntax and nesting.
    mutating func skipValue(depth: Int) throws {
        switch try peekKind() {
        case .object: try readObject(depth: depth) { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case .array: try readArray(depth: depth) { scanner in try scanner.skipValue(depth: depth + 1) }
        case .string: try skipString()
        case .number: _ = try readNumber()
        case .bool: _ = try readBool()
        case .null: try readNull()
        }
    }

    /// Checks that only whitespace follows the top-level value.
    mutating func expectEnd() throws {
        skipWhitespace()
        if offset < bytes.count {
            throw error(localized("unexpected character {character} after the end of the document", ["character": describe(bytes[offset])]))
        }
    }

    func matches(_ key: Key, _ literal: StaticString) -> Bool {
        if let decoded = key.decoded { return decoded == literal.description }
        guard key.range.count == literal.utf8CodeUnitCount else { return false }
        let start = literal.utf8Start
        for (index, position) in key.range.enumerated() where bytes[position] != start[index] {
            return false
        }
        return true
    }

    func name(of key: Key) -> String {
        key.decoded ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[key.range]), as: UTF8.self)
    }

    // MARK: - Scalars

    mutating func readNull() throws {
        try consumeLiteral("null")
    }

    mutating func readBool() throws -> Bool {
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "t") {
            try consumeLiteral("true")
            return true
        }
        try consumeLiteral("false")
        return false
    }

    /// Reads a number following JSON's grammar. Out-of-range literals become ±infinity; the
    /// caller validates ranges.
    mutating func readNumber() throws -> Double {
        let (literal, isInteger) = try readNumberLiteral()
        return try doubleValue(of: literal, isInteger: isInteger)
    }

    /// Reads a number that should be a 64-bit integer (an id: the original app's `Int`): exact
    /// for integer literals of any length, which a Double is not past 2⁵³. Nil when the number
    /// is not whole or lies outside `Int`'s range.
    mutating func readExactInteger() throws -> Int? {
        let (literal, isInteger) = try readNumberLiteral()
        if isInteger {
            var value = 0
            let isNegative = literal.first == UInt8(ascii: "-")
            for byte in literal where byte != UInt8(ascii: "-") {
                // Accumulated negatively, so Int.min, whose magnitude Int cannot hold, reads too.
                let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = shifted.subtractingReportingOverflow(Int(byte - UInt8(ascii: "0")))
                if overflow1 || overflow2 { return nil }
                value = next
            }
            if isNegative { return value }
            let (positive, overflow) = (0).subtractingReportingOverflow(value)
            return overflow ? nil : positive
        }
        // 1e3 or 7.0: whole values are accepted, below 2⁶³ (Double(Int.max) rounds up to it).
        let value = try doubleValue(of: literal, isInteger: false)
        guard value.isFinite, value == value.rounded(), value >= -0x1p63, value < 0x1p63 else { return nil }
        return Int(value)
    }

    private mutating func readNumberLiteral() throws -> (literal: UnsafeBufferPointer<UInt8>, isInteger: Bool) {
        skipWhitespace()
        let start = offset
        var isInteger = true
        if peekByte() == UInt8(ascii: "-") { offset += 1 }
        guard let first = peekByte(), isDigit(first) else { throw error(localized("a number has no digits")) }
        if first == UInt8(ascii: "0") {
            offset += 1
        } else {
            while let byte = peekByte(), isDigit(byte) { offset += 1 }
        }
        if peekByte() == UInt8(ascii: ".") {
            isInteger = false
            offset += 1
            guard let byte = peekByte(), isDigit(byte) else { throw error(localized("a number has no digits after its decimal point")) }
            while let byte = peekByte(), isDigit(byte) { offset += 1 }
        }
        if let byte = peekByte(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isInteger = false
            offset += 1
            if let sign = peekByte(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
            guard let byte = peekByte(), isDigit(byte) else { throw error(localized("a number has no digits in its exponent")) }
            while let byte = peekByte(), isDigit(byte) { offset += 1 }
        }
        return (UnsafeBufferPointer(rebasing: bytes[start..<offset]), isInteger)
    }

    private func doubleValue(of literal: UnsafeBufferPointer<UInt8>, isInteger: Bool) throws -> Double {
        // Integers of up to 15 digits are exact in a Double: the common case needs no parsing library.
        if isInteger, literal.count <= 16 {
            var value = 0
            var isNegative = false
            for byte in literal {
                if byte == UInt8(ascii: "-") { isNegative = true } else { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            }
            return Double(isNegative ? -value : value)
        }
        guard let value = Double(String(decoding: literal, as: UTF8.self)) else {
            throw error(localized("a number cannot be read"))
        }
        return value
    }

    // MARK: - Errors

    /// A syntax error with the line and column where it was found.
    struct SyntaxError: Error {
        let message: String
        let line: Int
        let column: Int
    }

    /// Produces a syntax error at the current offset.
    func error(_ message: String) -> SyntaxError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SyntaxError(message: message, line: line, column: offset - lineStart + 1)
    }

    // MARK: - Reading bytes

    func peekByte() -> UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private func enter(depth: Int) throws {
        if depth > maxDepth { throw NestingTooDeep() }
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Consumes `byte`; `alternative` is the byte that would have been as good there, named first
    /// in the error (“,” before a closing bracket). Bytes, not a phrase, because this runs
    /// for every value and the translated phrase is wanted only when the file is wrong.
    mutating func consume(_ byte: UInt8, alternative: UInt8? = nil) throws {
        skipWhitespace()
        guard offset < bytes.count else {
            throw error(localized("the file ends where {expected} was expected", ["expected": expectation(byte, alternative)]))
        }
        guard bytes[offset] == byte else {
            throw error(
                localized(
                    "expected {expected} but found {character}",
                    ["expected": expectation(byte, alternative), "character": describe(bytes[offset])]))
        }
        offset += 1
    }

    /// "“:”" or "“,” or “}”", in the user's language.
    private func expectation(_ byte: UInt8, _ alternative: UInt8?) -> String {
        let expected = "“\(Character(UnicodeScalar(byte)))”"
        guard let alternative else { return expected }
        return localized("{first} or {second}", ["first": "“\(Character(UnicodeScalar(alternative)))”", "second": expected])
    }

    private mutating func consumeIfPresent(_ byte: UInt8) throws -> Bool {
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func consumeLiteral(_ literal: StaticString) throws {
        skipWhitespace()
        let start = literal.utf8Start
        for index in 0..<literal.utf8CodeUnitCount {
            guard offset < bytes.count, bytes[offset] == start[index] else {
                throw error(localized("expected {expected}", ["expected": "“\(literal)”"]))
            }
            offset += 1
        }
    }

    /// A byte as a message shows it: the character in quotes when it is printable, else its
    /// value in hex ("0x0A"), which reads the same in every language.
    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "“\(Character(UnicodeScalar(byte)))”" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" : "") + hex
    }
}

/// Thrown when values nest deeper than the scanner's limit.
struct NestingTooDeep: Error {}
