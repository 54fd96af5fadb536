import EmojiArtCollab
import Foundation

/// Where a relay keeps its rooms and images: the data folder (one relay) or PostgreSQL (any
/// number of relays serving any room). `RoomRegistry` and `RelayServer` talk only to this.
protocol RelayStore: Sendable {
    /// Whether other relays write the same rooms (then the store decides the order of pushes).
    var isShared: Bool { get }
    /// What the relay prints it keeps its data in (a folder, a database URL without secrets).
    var description: String { get }
    var blobs: any BlobStorage { get }

    /// Before serving: the folder made and locked, or the database reached and its schema
    /// current; `events` gets what other relays did (a shared store only).
    nonisolated(nonsending) func open(events: @escaping @Sendable (StoreEvent) async -> Void) async throws
    /// After serving.
    nonisolated(nonsending) func close() async

    /// Reads a room back: nil when it was never made.
    nonisolated(nonsending) func load(_ id: String) async throws -> LoadedRoom?
    /// Makes a room with its epoch and its creator's verifier; nil when it exists already.
    nonisolated(nonsending) func create(_ id: String, epoch: String, verifier: String) async throws -> (any RoomStorage)?
    nonisolated(nonsending) func roomIDs() async -> [String]
    nonisolated(nonsending) func roomCount() async throws -> Int
    /// Deletes a room and everything of it, leaving its tombstone (its verifier: only its own
    /// keys make the id again, C10); false when it could not be.
    nonisolated(nonsending) func delete(_ id: String) async -> Bool
    /// The verifier a deleted room's tombstone keeps; nil when the id has none.
    nonisolated(nonsending) func tombstone(_ id: String) async -> String?
    /// Forgets a tombstone (its room was made again by its members, or it is past its time).
    nonisolated(nonsending) func removeTombstone(_ id: String) async
    /// Forgets the tombstones of rooms deleted before `date`.
    nonisolated(nonsending) func sweepTombstones(deletedBefore date: Date) async
    /// The bytes the store holds, for the quota (C8 `--max-data-mb`); cheap, may be a little old.
    func usedBytes() -> Int64
}

/// A room as read from a store, and its storage for what comes next.
struct LoadedRoom {
    var room: RelayRoom
    var storage: any RoomStorage
}

/// What another relay did, for the rooms this one serves.
enum StoreEvent: Sendable {
    /// The room has durable ops up to `seq`.
    case ops(room: String, seq: Int)
    /// A member connected elsewhere said something that is not kept (presence, a preview, left).
    case ephemeral(room: String, message: RelayMessage)
    /// Notifications may have been missed (the database connection was lost): look at every room.
    case resync
}

/// One room's durable state, owned by its `RoomActor` and used from its isolation only.
protocol RoomStorage: AnyObject {
    var isShared: Bool { get }
    /// A push the room received, to make durable at the next `sync`.
    func received(_ push: SequencedPush) throws(RelayStoreError)
    /// The room failed and forgot what was not durable (`RoomHost.crash`): so does the store,
    /// or a push received after the failed sync's batch would be written after the gap that
    /// batch leaves, and the welcome would acknowledge the lost pushes. The clients push all of
    /// it again, in order, after reconnecting.
    func discardReceived()
    /// Makes everything received durable. nil when it became durable exactly as received (no
    /// other writer); otherwise what the store holds after `seq` (the room's durable seq here).
    nonisolated(nonsending) func sync(after seq: Int, snapshotSeq: Int) async throws(RelayStoreError) -> RoomChanges?
    /// Compaction: the snapshot, then the log of what follows it.
    nonisolated(nonsending) func compact(_ snapshot: SequencedSnapshot, remaining: [SequencedPush]) async throws(RelayStoreError)
    /// Keeps what an admission changed: a verifier registered, a client id bound. Answers the hash
    /// of the secret the store holds for the admission's client id: with a shared store another
    /// relay may have bound the id first, and its binding stays.
    nonisolated(nonsending) func record(_ admission: Admission) async throws(RelayStoreError) -> String?
    /// The room read anew (after a gap: another relay compacted past what this one holds).
    nonisolated(nonsending) func reload() async throws(RelayStoreError) -> RelayRoom
    /// Tells the room's members on other relays (presence, previews, leaving; never stored).
    func broadcast(_ message: RelayMessage)
}

/// What a shared store holds of a room beyond what this relay has.
struct RoomChanges: Sendable {
    /// The durable pushes after the seq asked for, in order.
    var ops: [SequencedPush]
    /// A compaction newer than this relay's.
    var snapshot: SequencedSnapshot?
    /// Every client id bound in the room, and its secret's hash.
    var bindings: [ClientID: String]
}

/// Background images, content-addressed by their SHA-256.
protocol BlobStorage: Sendable {
    /// Stores a blob for `room`: it is deleted with the room (a sealed image is bound to one room).
    func put(_ data: Data, name: String, room: String) async throws(BlobStore.Failure)
    func has(_ name: String) async -> Bool
    func get(_ name: String) async -> Data?
    /// The blob's file, when the storage keeps blobs as files: served from disk a chunk at a
    /// time, so a reader that stalls holds a chunk of memory, not the whole image.
    func file(_ name: String) -> URL?
}

extension BlobStorage {
    func file(_ name: String) -> URL? { nil }
}
