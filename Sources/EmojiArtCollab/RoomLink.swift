import Foundation

/// A shared room's link, the one thing people pass around (SPEC C2, C7):
/// `ws://relay.example:7447/room/<room>#<key>` (`wss://` behind TLS). The part before `/room/`
/// is the relay (the document's `collab.server`), then the room's id (`collab.room`); the key
/// after `#` never reaches the relay — browsers and WebSocket clients do not send a fragment —
/// and is never written into the document.
public struct RoomLink: Hashable, Sendable, CustomStringConvertible {
    /// `ws://host:port` or `wss://host:port`, without a trailing slash.
    public var server: String
    public var room: String
    /// The room key (`RoomKey.text`), nil for an unencrypted room.
    public var key: String?

    public init(server: String, room: String, key: String?) {
        self.server = server
        self.room = room
        self.key = key
    }

    /// Reads a link; the error says what is wrong with it.
    public init(parsing text: String) throws(RoomLinkError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let (address, fragment) = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            .map(String.init).splitFirst()
        guard let scheme = address.range(of: "://").map({ String(address[..<$0.lowerBound]).lowercased() }),
              scheme == "ws" || scheme == "wss"
        else { throw .notALink(text) }
        guard let marker = address.range(of: "/room/") else { throw .noRoom(text) }
        let server = String(address[..<marker.lowerBound])
        let room = String(address[marker.upperBound...])
        guard Self.isRoomID(room) else { throw .badRoomID(room) }
        guard server.count > scheme.count + 3 else { throw .notALink(text) }
        self.server = server
        self.room = room
        self.key = fragment.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var description: String {
        "\(server)/room/\(room)" + (key.map { "#\($0)" } ?? "")
    }

    /// The WebSocket address of the room (no key).
    public var webSocketURL: String { "\(server)/room/\(room)" }

    /// The http(s) address of the relay, for blobs and room creation.
    public var httpBase: String {
        server.hasPrefix("wss://") ? "https://" + server.dropFirst(6) : "http://" + server.dropFirst(5)
    }

    /// Room ids: 8–64 characters of `[A-Za-z0-9_-]`, safe as file names on the relay.
    public static func isRoomID(_ text: String) -> Bool {
        (8...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
            default: false
            }
        }
    }

    /// A new random room id: 22 base-62 characters (about 131 bits), unguessable.
    public static func randomRoomID(using generator: inout some RandomNumberGenerator) -> String {
        let digits = Array(ZKey.digits)
        return String((0..<22).map { _ in Character(UnicodeScalar(digits[Int.random(in: 0..<62, using: &generator)])) })
    }

    public static func randomRoomID() -> String {
        var system = SystemRandomNumberGenerator()
        return randomRoomID(using: &system)
    }
}

public enum RoomLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    case notALink(String)
    case noRoom(String)
    case badRoomID(String)

    public var description: String {
        switch self {
        case .notALink(let text):
            "“\(text)” is not a room link; a link looks like ws://relay.example:7447/room/ROOM#KEY."
        case .noRoom(let text):
            "“\(text)” names no room; a link looks like ws://relay.example:7447/room/ROOM#KEY."
        case .badRoomID(let room):
            "“\(room)” is not a room id (8–64 letters, digits, “-” or “_”); copy the whole link again."
        }
    }
}

private extension Array where Element == String {
    func splitFirst() -> (String, String?) {
        (self[0], count > 1 ? self[1] : nil)
    }
}
