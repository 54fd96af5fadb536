import Foundation

/// A room's web link (SPEC C11): `http://HOST:PORT/r/ROOM#KEY` (`https://` behind TLS), the page
/// the relay serves for the room, which opens it in any web browser. The key stays after `#`,
/// which browsers never send, as in the app's links; a proxy's path prefix comes before `/r/`.
extension RoomLink {
    /// The path that separates the relay (and a proxy's prefix) from the room in a web link.
    static let webRoomPath = "/r/"

    /// `http://HOST:PORT[/PREFIX]/r/ROOM#KEY` for a `ws://` relay, `https://…` for a `wss://` one.
    /// A view link's web link is the same with its longer key.
    public var webLink: String {
        httpBase + Self.webRoomPath + room + fragment
    }

    /// Reads the part after `http://` or `https://` of a web link: the last `/r/` splits the
    /// relay from the room. Not a link (an ordinary web address) without one.
    static func parseWebAddress(_ rest: String, isTLS: Bool, text: String) throws(RoomLinkError) -> (server: String, room: String) {
        guard let marker = rest.range(of: webRoomPath, options: .backwards) else { throw .notALink(text) }
        let relay = rest[..<marker.lowerBound]
        guard hasHost(relay) else { throw .notALink(text) }
        return ((isTLS ? "wss://" : "ws://") + relay, String(rest[marker.upperBound...]))
    }
}
