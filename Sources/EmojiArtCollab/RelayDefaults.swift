/// A relay's defaults (C1, C8), in one place for `emojiart relay`, `emojiart-relay`, the relay's
/// configuration, the room limits and Share…'s first suggestion.
public enum RelayDefaults {
    /// Loopback: a relay reachable by others is a choice (docs/sharing.md, "On a public address").
    public static let host = "127.0.0.1"
    public static let port = 7447
    /// Edits a room keeps between two compactions.
    public static let maxRoomMegabytes = 256

    /// A relay on this computer, as Share… first offers it.
    public static var localServer: String { "ws://\(host):\(port)" }
}
