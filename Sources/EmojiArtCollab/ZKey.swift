/// A fractional z key (COLLAB "Fields"): drawing order is (z, cid), and a key can always be made
/// between two others, so restacking one emoji is one field edit that never renumbers the rest.
///
/// A key is an integer part — a head letter that tells how many base-62 digits follow (`a` one,
/// `b` two, …; `Z`, `Y`, … the negatives) — then fraction digits without a trailing `0`. Byte
/// order is numeric order. Appending increments the integer part, so 10,000 appends stay a few
/// characters long (a fraction alone would grow by a digit every few appends). Every new key ends
/// in random digits (jitter): two people stacking onto the same emoji while offline get
/// different keys, so a later insert between theirs remains possible.
public struct ZKey: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
    /// Longer keys are refused when read (a message may hold anything); made keys stay far below.
    public static let maxLength = 256
    /// Random digits at the end of each new key.
    static let jitterDigits = 2

    /// Checks the shape; nil for anything that is not a key.
    public init?(_ rawValue: String) {
        let bytes = Array(rawValue.utf8)
        guard bytes.count <= Self.maxLength, let length = Self.integerLength(head: bytes.first ?? 0),
            bytes.count >= length, bytes.dropFirst().allSatisfy({ Self.value(of: $0) != nil }),
            bytes.count == length || bytes.last != UInt8(ascii: "0"),
            // The smallest integer has nothing below it.
            !(bytes.count == length && bytes[0] == UInt8(ascii: "A") && bytes.dropFirst().allSatisfy { $0 == UInt8(ascii: "0") })
        else { return nil }
        self.rawValue = rawValue
    }

    private init(bytes: [UInt8]) {
        rawValue = String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { rawValue }

    public static func < (lhs: ZKey, rhs: ZKey) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    // MARK: - Making keys

    /// A key above `lower` and below `upper` (nil: unbounded). When `lower` is not below `upper`
    /// (two emojis whose keys collided), the key goes above `lower`.
    public static func between(_ lower: ZKey?, _ upper: ZKey?, using generator: inout some RandomNumberGenerator) -> ZKey {
        if let lower, let upper, lower < upper {
            return ZKey(bytes: keyBetween(Array(lower.rawValue.utf8), Array(upper.rawValue.utf8), &generator))
        }
        if let lower { return after(lower, using: &generator) }
        if let upper { return before(upper, using: &generator) }
        return ZKey(bytes: Array("a0".utf8) + jitter(&generator))
    }

    /// A key above `key` (bring to front, add on top).
    public static func after(_ key: ZKey, using generator: inout some RandomNumberGenerator) -> ZKey {
        let bytes = Array(key.rawValue.utf8)
        let (integer, fraction) = split(bytes)
        if let next = increment(integer) { return ZKey(bytes: next + jitter(&generator)) }
        // The largest integer (26 digits of base 62): grow the fraction instead.
        return ZKey(bytes: integer + midpoint(fraction, nil, &generator) + jitter(&generator))
    }

    /// A key below `key` (send to back).
    public static func before(_ key: ZKey, using generator: inout some RandomNumberGenerator) -> ZKey {
        let bytes = Array(key.rawValue.utf8)
        let (integer, fraction) = split(bytes)
        if let previous = decrement(integer) { return ZKey(bytes: previous + jitter(&generator)) }
        // The smallest integer always has a fraction (the bare one is not a key).
        return ZKey(bytes: integer + midpoint([], fraction, &generator) + jitter(&generator))
    }

    private static func keyBetween(_ lower: [UInt8], _ upper: [UInt8], _ generator: inout some RandomNumberGenerator) -> [UInt8] {
        let (lowInteger, lowFraction) = split(lower)
        let (highInteger, highFraction) = split(upper)
        if lowInteger == highInteger {
            return lowInteger + midpoint(lowFraction, highFraction, &generator) + jitter(&generator)
        }
        // The next integer, when it is below `upper` and not a prefix of it (the jitter must
        // not lift it above).
        if let next = increment(lowInteger), next.lexicographicallyPrecedes(upper), next != highInteger {
            return next + jitter(&generator)
        }
        return lowInteger + midpoint(lowFraction, nil, &generator) + jitter(&generator)
    }

    /// Fraction digits strictly between `low` and `high` (nil: 1), never a prefix of `high`, so
    /// jitter appended to them keeps them below it. Random where there is a choice.
    private static func midpoint(_ low: [UInt8], _ high: [UInt8]?, _ generator: inout some RandomNumberGenerator) -> [UInt8] {
        let zero = UInt8(ascii: "0")
        if let high {
            var common = 0
            while common < high.count, (common < low.count ? low[common] : zero) == high[common] { common += 1 }
            if common > 0 {
                return Array(high[..<common]) + midpoint(Array(low.dropFirst(common)), Array(high.dropFirst(common)), &generator)
            }
        }
        let lowDigit = low.first.flatMap(value(of:)) ?? 0
        let highDigit = high?.first.flatMap(value(of:)) ?? 62
        if highDigit - lowDigit > 1 {
            return [digits[Int.random(in: (lowDigit + 1)...(highDigit - 1), using: &generator)]]
        }
        if let high, high.count > 1 {
            return [high[0]] + midpoint([], Array(high.dropFirst()), &generator)
        }
        return [digits[lowDigit]] + midpoint(Array(low.dropFirst()), nil, &generator)
    }

    private static func jitter(_ generator: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<jitterDigits).map { _ in digits[Int.random(in: 1...61, using: &generator)] }
    }

    // MARK: - Integer parts

    static func value(of digit: UInt8) -> Int? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(digit - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(digit - UInt8(ascii: "a")) + 36
        default: nil
        }
    }

    /// Head plus digits of the integer part that starts with `head`.
    private static func integerLength(head: UInt8) -> Int? {
        switch head {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(head - UInt8(ascii: "a")) + 2
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(UInt8(ascii: "Z") - head) + 2
        default: nil
        }
    }

    private static func split(_ key: [UInt8]) -> (integer: [UInt8], fraction: [UInt8]) {
        let length = integerLength(head: key[0])!
        return (Array(key[..<length]), Array(key[length...]))
    }

    private static func increment(_ integer: [UInt8]) -> [UInt8]? {
        let head = integer[0]
        var body = Array(integer.dropFirst())
        for index in body.indices.reversed() {
            let digit = value(of: body[index])!
            if digit < 61 {
                body[index] = digits[digit + 1]
                return [head] + body
            }
            body[index] = UInt8(ascii: "0")
        }
        // Every digit overflowed: the next head.
        switch head {
        case UInt8(ascii: "Z"): return Array("a0".utf8)
        case UInt8(ascii: "z"): return nil
        case UInt8(ascii: "a")...UInt8(ascii: "y"): return [head + 1] + body + [UInt8(ascii: "0")]
        default: return [head + 1] + body.dropLast()
        }
    }

    private static func decrement(_ integer: [UInt8]) -> [UInt8]? {
        let head = integer[0]
        var body = Array(integer.dropFirst())
        for index in body.indices.reversed() {
            let digit = value(of: body[index])!
            if digit > 0 {
                body[index] = digits[digit - 1]
                return [head] + body
            }
            body[index] = UInt8(ascii: "z")
        }
        switch head {
        case UInt8(ascii: "a"): return Array("Zz".utf8)
        case UInt8(ascii: "A"): return nil
        case UInt8(ascii: "b")...UInt8(ascii: "z"): return [head - 1] + body.dropLast()
        default: return [head - 1] + body + [UInt8(ascii: "z")]
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let key = ZKey(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a z key"))
        }
        self = key
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
