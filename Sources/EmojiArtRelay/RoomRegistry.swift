import EmojiArtCollab
import Foundation

/// The rooms this relay serves, read from its store the first time someone asks for them. With
/// the data folder exactly one relay process owns them (docs/sharing.md, "Running a relay"); with a
/// shared store any relay serves any room, and the store's events bring in what the others did.
actor RoomRegistry {
    /// What a new room's folder, epoch and empty log take, reserved in the quota.
    static let newRoomBytes: Int64 = 4096

    let configuration: RelayConfiguration
    let store: any RelayStore
    private let quota: DataQuota
    private var rooms: [String: RoomActor] = [:]
    /// Loads under way, so that two connections asking at once get one room.
    private var loading: [String: Task<RoomActor?, any Error>] = [:]
    /// Rooms in the store, counted once at the first creation and kept up to date after (C8
    /// max rooms); a shared store counts again each time, since other relays make rooms too.
    private var roomCount: Int?

    init(configuration: RelayConfiguration, store: any RelayStore, quota: DataQuota) {
        self.configuration = configuration
        self.store = store
        self.quota = quota
    }

    /// The room `id` when it exists.
    func room(_ id: String) async throws -> RoomActor? {
        if let room = rooms[id] { return room }
        guard RoomLink.isRoomID(id) else { return nil }
        if let load = loading[id] { return try await load.value }
        let (store, configuration) = (store, configuration)
        let load = Task<RoomActor?, any Error> {
            guard let loaded = try await store.load(id) else { return nil }
            return RoomActor(id: id, room: loaded.room, storage: loaded.storage, configuration: configuration)
        }
        loading[id] = load
        defer { loading[id] = nil }
        let actor = try await load.value
        if let actor, rooms[id] == nil { rooms[id] = actor }
        return rooms[id]
    }

    /// Makes the room `id` (with a new epoch and its creator's verifier, C10) unless it exists;
    /// true when it was made. This is the only way a room is made: a hello never makes one.
    /// Refused (`Refusal`) when the relay holds `maxRooms` or its store is full.
    @discardableResult
    func create(_ id: String, verifier: String) async throws -> Bool {
        guard try await room(id) == nil else { return false }
        // A deleted room's id is made again only with its own keys (its members coming back).
        let tombstone = await store.tombstone(id)
        if let tombstone, tombstone != verifier { throw Refusal.roomIDTaken }
        let count = store.isShared ? try await store.roomCount() : try await cachedRoomCount()
        guard count < configuration.bounds.maxRooms else { throw Refusal.tooManyRooms(limit: configuration.bounds.maxRooms) }
        guard quota.reserve(Self.newRoomBytes) else { throw Refusal.outOfSpace }
        let epoch = RoomLink.randomRoomID()
        guard let storage = try await store.create(id, epoch: epoch, verifier: verifier) else { return false }
        if tombstone != nil { await store.removeTombstone(id) }
        if rooms[id] == nil {
            rooms[id] = RoomActor(
                id: id, room: RelayRoom(id: id, epoch: epoch, verifier: verifier), storage: storage, configuration: configuration)
        }
        roomCount = count + 1
        return true
    }

    /// The ids of the rooms in the store.
    func roomIDs() async -> [String] {
        await store.roomIDs()
    }

    /// Deletes the room `id` and everything of it (C8 time to live), unless `isInUse` says a
    /// connection came for it; true when it was deleted.
    func delete(_ id: String, unless isInUse: @Sendable () -> Bool) async -> Bool {
        guard !isInUse() else { return false }
        rooms.removeValue(forKey: id)
        // Not removable: it is looked at again at the next sweep.
        guard await store.delete(id) else { return false }
        roomCount = roomCount.map { max(0, $0 - 1) }
        return true
    }

    /// Forgets the tombstones of rooms deleted before `date` (their time to live passed again).
    func sweepTombstones(deletedBefore date: Date) async {
        await store.sweepTombstones(deletedBefore: date)
    }

    /// Makes every room's received pushes durable (shutdown).
    func flushAll() async {
        for room in rooms.values { await room.flush() }
    }

    /// What another relay did, for a room this one serves (nothing for the others: they are
    /// read from the store when someone asks for them).
    func apply(_ event: StoreEvent) async {
        switch event {
        case .ops(let id, _):
            await rooms[id]?.catchUp()
        case .ephemeral(let id, let message):
            await rooms[id]?.relayed(message)
        case .resync:
            await pollConnectedRooms()
        }
    }

    /// The fallback when notifications are missed: every room with someone in it looks at the store.
    func pollConnectedRooms() async {
        for room in rooms.values where await room.hasConnections { await room.catchUp() }
    }

    private func cachedRoomCount() async throws -> Int {
        if let roomCount { return roomCount }
        let count = try await store.roomCount()
        roomCount = count
        return count
    }
}
