import EmojiArtCore
import Foundation

/// A shared room's link, the one thing people pass around (SPEC C2, C7):
/// `emojiart://relay.example:7447/<room>#<key>`, or `emojiarts://…` for a relay behind TLS.
/// The part before the last `/` is the relay (the document's `collab.server`, kept as the
/// WebSocket address `ws://relay.example:7447`), then the room's id (`collab.room`); the key
/// after `#` never reaches the relay — WebSocket clients do not send a fragment — and is never
/// written into the document. The relay's own addresses, `ws://HOST:PORT/room/ROOM#KEY` and
/// `wss://…`, which earlier versions printed, are read too, and so are web links,
/// `http(s)://HOST:PORT/r/ROOM#KEY` (C11, `RoomLink+Web.swift`).
public struct RoomLink: Hashable, Sendable, CustomStringConvertible {
    /// `ws://host:port` or `wss://host:port` (maybe with a path, behind a proxy), without a
    /// trailing slash.
    public var server: String
    public var room: String
    /// The room key (`RoomKey.text`), nil for an unencrypted room.
    public var key: String?
    /// The shared document's name, after the key (`#KEY/NAME`, percent-encoded), which a joined
    /// window takes as its title (C2). Like the key, the relay never sees it.
    public var documentName: String?
    /// The most characters of a document name a link carries.
    public static let maximumDocumentNameLength = 120

    /// The link's scheme for a relay reached over plain WebSocket, and over TLS.
    public static let scheme = "emojiart"
    public static let tlsScheme = "emojiarts"

    public init(server: String, room: String, key: String?, documentName: String? = nil) {
        self.server = server
        self.room = room
        self.key = key
        self.documentName = Self.cleanDocumentName(documentName)
    }

    /// Reads a link; the error says what is wrong with it.
    public init(parsing text: String) throws(RoomLinkError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let address = parts[0]
        let fragment = parts.count > 1 ? parts[1] : nil
        guard let separator = address.range(of: "://") else { throw .notALink(text) }
        let scheme = address[..<separator.lowerBound].lowercased()
        let rest = String(address[separator.upperBound...])
        let server: String
        let room: String
        switch scheme {
        case Self.scheme, Self.tlsScheme:
            // emojiart://HOST:PORT[/PATH]/ROOM: the room is the last part of the path.
            guard let slash = rest.lastIndex(of: "/") else { throw .noRoom(text) }
            let relay = rest[..<slash]
            guard Self.hasHost(relay) else { throw .notALink(text) }
            server = (scheme == Self.tlsScheme ? "wss://" : "ws://") + relay
            room = String(rest[rest.index(after: slash)...])
        case "http", "https":
            (server, room) = try Self.parseWebAddress(rest, isTLS: scheme == "https", text: text)
        case "ws", "wss":
            guard let marker = rest.range(of: "/room/") else { throw .noRoom(text) }
            let relay = rest[..<marker.lowerBound]
            guard Self.hasHost(relay) else { throw .notALink(text) }
            server = scheme + "://" + relay
            room = String(rest[marker.upperBound...])
        default:
            throw .notALink(text)
        }
        guard Self.isRoomID(room) else { throw .badRoomID(room) }
        self.server = server
        self.room = room
        // A key is base64url, which has no "/": what follows one is the document's name.
        let keyAndName = fragment.map { $0.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init) }
        self.key = keyAndName.flatMap { $0[0].isEmpty ? nil : $0[0] }
        self.documentName = keyAndName.flatMap { $0.count > 1 ? Self.cleanDocumentName($0[1].removingPercentEncoding) : nil }
    }

    /// This link naming its document `name` (or nothing).
    public func naming(_ name: String?) -> RoomLink {
        var named = self
        named.documentName = Self.cleanDocumentName(name)
        return named
    }

    /// A name as a link carries it: trimmed, cut to `maximumDocumentNameLength`, nil when empty.
    static func cleanDocumentName(_ name: String?) -> String? {
        guard let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return String(trimmed.prefix(maximumDocumentNameLength))
    }

    /// `#KEY`, then `/NAME` when the link names its document; empty without a key.
    var fragment: String {
        guard let key else { return "" }
        let allowed = CharacterSet.urlFragmentAllowed.subtracting(CharacterSet(charactersIn: "/"))
        let name = documentName.flatMap { $0.addingPercentEncoding(withAllowedCharacters: allowed) }.map { "/" + $0 } ?? ""
        return "#" + key + name
    }

    /// Reads a relay's address as Share… and `share --relay` both take it, the one rule for
    /// both: `ws://HOST[:PORT][/PATH]` or `wss://…` (the scheme in any case, written lower; a
    /// proxy's path kept, a trailing `/` dropped), or a bare `HOST[:PORT][/PATH]`, taken as
    /// `ws://`. Nil for anything else: another scheme, no host, a space, a query or a fragment.
    public static func server(parsing text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var scheme = "ws"
        var relay = Substring(trimmed)
        if let separator = trimmed.range(of: "://") {
            scheme = trimmed[..<separator.lowerBound].lowercased()
            relay = trimmed[separator.upperBound...]
        }
        while relay.hasSuffix("/") { relay.removeLast() }
        guard scheme == "ws" || scheme == "wss", hasHost(relay), !relay.contains("#"), !relay.contains("?") else { return nil }
        return scheme + "://" + relay
    }

    /// The link to pass on: `emojiart://HOST:PORT/ROOM#KEY` (`emojiarts://` for a `wss://` relay).
    public var description: String {
        let isTLS = server.lowercased().hasPrefix("wss://")
        let relay = server.range(of: "://").map { String(server[$0.upperBound...]) } ?? server
        return (isTLS ? Self.tlsScheme : Self.scheme) + "://" + relay + "/" + room + fragment
    }

    /// The WebSocket address of the room (no key).
    public var webSocketURL: String { "\(server)/room/\(room)" }

    /// The http(s) address of the relay, for blobs and room creation.
    public var httpBase: String {
        server.lowercased().hasPrefix("wss://") ? "https://" + server.dropFirst(6) : "http://" + server.dropFirst(5)
    }

    /// Room ids: 8–64 characters of `[A-Za-z0-9_-]`, safe as file names on the relay.
    public static func isRoomID(_ text: String) -> Bool {
        (8...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
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

    /// A relay part names a host: something before any port or path, no spaces.
    static func hasHost(_ relay: Substring) -> Bool {
        let host = relay.prefix { $0 != ":" && $0 != "/" }
        return !host.isEmpty && !relay.contains(where: \.isWhitespace)
    }
}

public enum RoomLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    case notALink(String)
    case noRoom(String)
    case badRoomID(String)

    public var description: String {
        switch self {
        case .notALink(let text):
            localized(
                // TRANSLATORS: C2; keep the example link as it is.
                "“{link}” is not a room link; a link looks like emojiart://relay.example:7447/ROOM#KEY.", ["link": Self.withoutKey(text)])
        case .noRoom(let text):
            // TRANSLATORS: C2; keep the example link as it is.
            localized("“{link}” names no room; a link looks like emojiart://relay.example:7447/ROOM#KEY.", ["link": Self.withoutKey(text)])
        case .badRoomID(let room):
            localized("“{room}” is not a room id (8–64 letters, digits, “-” or “_”); copy the whole link again.", ["room": room])
        }
    }

    /// What a message may repeat of a link: never the key after “#” (C10), and not a page of text.
    static func withoutKey(_ text: String) -> String {
        let address = text.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let shown = address.count > 200 ? String(address.prefix(200)) + "…" : address
        return text.contains("#") ? shown + "#…" : shown
    }
}
