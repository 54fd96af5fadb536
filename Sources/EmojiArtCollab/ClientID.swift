/// One replica of a room (a window's session): random, never reused, so ids it hands out are
/// unique without asking anyone (COLLAB "Identity"). 1–32 characters of `[0-9A-Za-z_-]`.
public struct ClientID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init?(_ rawValue: String) {
        guard (1...32).contains(rawValue.utf8.count), rawValue.utf8.allSatisfy(Self.isAllowed) else { return nil }
        self.rawValue = rawValue
    }

    /// 12 base-62 characters (71 bits): two clients of one room never pick the same.
    public static func random(using generator: inout some RandomNumberGenerator) -> ClientID {
        let digits = Array(ZKey.digits)
        let text = String((0..<12).map { _ in Character(UnicodeScalar(digits[Int.random(in: 0..<62, using: &generator)])) })
        return ClientID(text)!
    }

    public var description: String { rawValue }

    public static func < (lhs: ClientID, rhs: ClientID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = ClientID(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a client id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

/// An emoji's collaboration id `<clientID>.<counter>` (COLLAB "Identity"): the same in every
/// replica, while each replica keeps its own local Int ids for selection and the file's iOS shape.
public struct CollabID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let client: ClientID
    /// Counts up from 1 per client.
    public let counter: Int

    public init(client: ClientID, counter: Int) {
        precondition(counter >= 1, "collaboration counters start at 1")
        self.client = client
        self.counter = counter
    }

    /// Parses `<clientID>.<counter>`; nil for anything else (a file or a message may hold garbage).
    public init?(_ text: String) {
        guard let dot = text.lastIndex(of: "."), let client = ClientID(String(text[..<dot])),
            let counter = Int(text[text.index(after: dot)...]), counter >= 1,
            text[text.index(after: dot)...].allSatisfy(\.isASCII)
        else { return nil }
        self.client = client
        self.counter = counter
    }

    public var description: String { "\(client.rawValue).\(counter)" }

    /// Part of the drawing order (z, cid): any total order every replica agrees on will do.
    public static func < (lhs: CollabID, rhs: CollabID) -> Bool {
        lhs.client == rhs.client ? lhs.counter < rhs.counter : lhs.client < rhs.client
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = CollabID(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a collaboration id"))
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
