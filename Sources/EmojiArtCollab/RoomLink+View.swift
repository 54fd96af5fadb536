/// The two links of a room (C12): the edit link carries the room key; the view link, derived
/// from it, the keys to read the room and check its edits, not to make one.
extension RoomLink {
    /// The view link of this edit link; nil for a view link, or a link without a valid key.
    public var viewLink: RoomLink? {
        guard let key, let roomKey = Base64URL.decode(key), roomKey.count == 16,
            let viewKey = RoomCredentials(roomKey: roomKey).viewKey
        else { return nil }
        return RoomLink(server: server, room: room, key: Base64URL.encode(viewKey), documentName: documentName)
    }

    /// Whether this link only views its room.
    public var isViewLink: Bool {
        key.flatMap(Base64URL.decode)?.count == RoomCredentials.viewKeyLength
    }
}
