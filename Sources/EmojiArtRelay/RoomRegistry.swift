import EmojiArtCollab
import Foundation

/// The rooms of one relay's data folder, read from disk the first time someone asks for them.
/// Exactly one relay process may own a data folder (README "Scaling"): rooms are not shared
/// between processes.
actor RoomRegistry {
    let configuration: RelayConfiguration
    private var rooms: [String: RoomActor] = [:]

    init(configuration: RelayConfiguration) {
        self.configuration = configuration
    }

    private var roomsFolder: URL { configuration.dataFolder.appendingPathComponent("rooms", isDirectory: true) }

    /// The room `id` when it exists.
    func room(_ id: String) throws -> RoomActor? {
        if let room = rooms[id] { return room }
        guard RoomLink.isRoomID(id) else { return nil }
        guard let (room, files) = try RoomFiles.load(id: id, from: roomsFolder.appendingPathComponent(id)) else { return nil }
        let actor = RoomActor(id: id, room: room, files: files, configuration: configuration)
        rooms[id] = actor
        return actor
    }

    /// Makes the room `id` (with a new epoch and its creator's verifier, C10) unless it exists;
    /// true when it was made. This is the only way a room is made: a hello never makes one.
    @discardableResult
    func create(_ id: String, verifier: String) throws -> Bool {
        guard try room(id) == nil else { return false }
        let epoch = RoomLink.randomRoomID()
        let files = try RoomFiles.create(in: roomsFolder.appendingPathComponent(id), epoch: epoch, verifier: verifier)
        rooms[id] = RoomActor(id: id, room: RelayRoom(id: id, epoch: epoch, verifier: verifier), files: files, configuration: configuration)
        return true
    }

    /// Makes every room's received pushes durable (shutdown).
    func flushAll() async {
        for room in rooms.values { await room.flush() }
    }
}
