import EmojiArtCollab
import Foundation

/// The rooms of one relay's data folder, read from disk the first time someone asks for them.
/// Exactly one relay process may own a data folder (docs/sharing.md, "Beyond one relay"): rooms are not shared
/// between processes.
actor RoomRegistry {
    /// What a new room's folder, epoch and empty log take, reserved in the quota.
    static let newRoomBytes: Int64 = 4096

    let configuration: RelayConfiguration
    private let quota: DataQuota
    private var rooms: [String: RoomActor] = [:]
    /// Rooms on disk, counted once at the first creation and kept up to date after (C8 max rooms).
    private var roomCount: Int?

    init(configuration: RelayConfiguration, quota: DataQuota) {
        self.configuration = configuration
        self.quota = quota
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
    /// Refused (`Refusal`) when the relay holds `maxRooms` or its data folder is full.
    @discardableResult
    func create(_ id: String, verifier: String) throws -> Bool {
        guard try room(id) == nil else { return false }
        let count = roomCount ?? countRoomsOnDisk()
        guard count < configuration.bounds.maxRooms else { throw Refusal.tooManyRooms(limit: configuration.bounds.maxRooms) }
        guard quota.reserve(Self.newRoomBytes) else { throw Refusal.outOfSpace }
        let epoch = RoomLink.randomRoomID()
        let files = try RoomFiles.create(in: roomsFolder.appendingPathComponent(id), epoch: epoch, verifier: verifier)
        rooms[id] = RoomActor(id: id, room: RelayRoom(id: id, epoch: epoch, verifier: verifier), files: files, configuration: configuration)
        roomCount = count + 1
        return true
    }

    /// The ids of the rooms on disk.
    func roomIDs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: roomsFolder.path)) ?? []
        return names.filter(RoomLink.isRoomID)
    }

    /// Deletes the room `id`, its folder and everything in it (C8 time to live), unless
    /// `isInUse` says a connection came for it; true when it was deleted.
    func delete(_ id: String, unless isInUse: @Sendable () -> Bool) -> Bool {
        guard !isInUse() else { return false }
        rooms.removeValue(forKey: id)
        do {
            try FileManager.default.removeItem(at: roomsFolder.appendingPathComponent(id))
        } catch {
            // Not removable: it is looked at again at the next sweep.
            return false
        }
        roomCount = roomCount.map { max(0, $0 - 1) }
        return true
    }

    /// Makes every room's received pushes durable (shutdown).
    func flushAll() async {
        for room in rooms.values { await room.flush() }
    }

    private func countRoomsOnDisk() -> Int {
        let count = roomIDs().count
        roomCount = count
        return count
    }
}
