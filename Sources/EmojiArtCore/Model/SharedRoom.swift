/// Where a shared document's room is (SPEC C2, C6): the file's optional top-level
/// `"collab": {"server": …, "room": …}`. The room's key is never part of it: it lives in the
/// user's state folder, so a document sent to someone does not let them into the room.
public struct SharedRoom: Hashable, Sendable {
    /// The relay's address as the user gave it, e.g. `ws://relay.example:7447`.
    public var server: String
    /// The room's random id.
    public var room: String

    public init(server: String, room: String) {
        self.server = server
        self.room = room
    }
}
