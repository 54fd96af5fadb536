import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import Foundation

/// A window's part in a room (C2, C3, C6): the session with its outbox and confirmed replica on
/// disk, the bridge between the document and the session, and the one consumer of the WebSocket
/// link. Made when the user shares or joins, or when a shared file opens (it reconnects by itself).
@MainActor
final class DocumentSharing {
    let address: RoomLink
    let connection: RoomConnection
    var bridge: CollabDocumentBridge { connection.bridge }
    private let journal: FileOutboxJournal
    private let replicaFile: ReplicaFile
    /// The replica last written (or read), so an unchanged one is not written again.
    private var savedReplica: (epoch: String, seq: Int)?
    /// The replica write under way; the next one waits for it, so they land in order.
    private var replicaWrite: Task<Void, Never>?
    private var ticker: Task<Void, Never>?
    private var isClosed = false
    /// A joined room's key, kept once something of the room opened with it (C10).
    private var keyToKeep: (key: String, replacing: Bool)?
    private let keys: RoomKeyStore

    /// How often the bridge's clock runs (others' stale drags go, my held drag repeats).
    private static let tickInterval = Duration.milliseconds(250)

    /// The room's key kept for this user (C7), to reconnect a shared file that names the room.
    static func storedKey(for room: String, storage: StorageLocations) -> String? {
        try? CollabStorage(locations: storage).keys.key(for: room)
    }

    private init(address: RoomLink, connection: RoomConnection, journal: FileOutboxJournal, replicaFile: ReplicaFile, keys: RoomKeyStore) {
        self.address = address
        self.connection = connection
        self.journal = journal
        self.replicaFile = replicaFile
        self.keys = keys
        savedReplica = connection.bridge.session.replica.map { ($0.epoch, $0.seq) }
        ticker = Task { @MainActor [weak self] in
            while let self, !self.isClosed {
                self.bridge.tick()
                try? await Task.sleep(for: Self.tickInterval)
            }
        }
    }

    /// Connects `document` to the room at `address`. With an outbox from an earlier run, my
    /// pending edits come back from it, rebased on the confirmed replica kept beside it; without
    /// one, the document's content enters the room as idempotent adds (a new room on Share…,
    /// nothing on Join…, and a shared file opened on this machine for the first time or after
    /// the relay lost its data: what the room already has stays as it is there).
    /// `recreatesMissingRoom`: a shared file reopened makes its room again on a relay that does
    /// not know it (its data was deleted); a join reports it instead. `key`: how the link's key
    /// is kept — at once for a room this computer made, once it opened something for a joined
    /// one (replacing another key for the room only when the person agreed), not again for a key
    /// read from the store.
    static func start(
        document: EmojiArtDocument, address: RoomLink, storage: StorageLocations, recreatesMissingRoom: Bool = false,
        key keeping: KeyKeeping
    ) throws -> DocumentSharing {
        let collabStorage = CollabStorage(locations: storage)
        let journal = try FileOutboxJournal(folder: collabStorage.journalFolder, room: address.room)
        let hasOutbox = FileManager.default.fileExists(atPath: journal.url.path)
        let replicaFile = ReplicaFile(besides: journal)
        // C7, C10: everything is sealed with the key after "#" in the link, and there is no room
        // without one; the key is kept in the user's state folder, never in the document.
        guard let key = address.key else { throw CollabError.linkWithoutKey }
        let sealer = AESGCMSealer(key: try RoomKey(text: key))
        if keeping == .now { try collabStorage.keys.save(key, for: address.room) }
        try? collabStorage.knownRelays.remember(address.server)
        let session = try SyncSession(
            room: address.room, journal: journal, replica: hasOutbox ? replicaFile.load() : nil, sealer: sealer)
        let room = SharedRoom(server: address.server, room: address.room)
        let bridge = hasOutbox
            ? CollabDocumentBridge(document: document, session: session, room: room)
            : try CollabDocumentBridge.share(document, session: session, room: room)
        if hasOutbox, document.model.collab != room {
            // A document joined again: it names its room at once, so it reconnects when reopened.
            bridge.showRoom()
        }
        let link = WebSocketRelayLink(address: address)
        let connection = RoomConnection(link: link, bridge: bridge, wake: MainLoopWake.wake)
        connection.recreatesMissingRoom = recreatesMissingRoom
        bridge.publishBlobs()
        let sharing = DocumentSharing(address: address, connection: connection, journal: journal, replicaFile: replicaFile, keys: collabStorage.keys)
        if case .onceOpened(let replacing) = keeping { sharing.keyToKeep = (key, replacing) }
        return sharing
    }

    enum KeyKeeping: Equatable {
        /// A room this computer made: its key is kept at once.
        case now
        /// A joined room: kept once something of the room opened with it.
        case onceOpened(replacing: Bool)
        /// Read from the store: kept already.
        case kept
    }

    /// Keeps a joined room's key once something opened with it (called as the room changes);
    /// says why when it cannot.
    func keepKeyOnceOpened() -> String? {
        guard let pending = keyToKeep, bridge.session.hasOpenedPayload else { return nil }
        keyToKeep = nil
        do {
            try keys.save(pending.key, for: address.room, replacing: pending.replacing)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// Makes the room on the relay (Share…) with the verifier of its key (C10), answering
    /// whether it could.
    static func createRoom(at address: RoomLink) async throws {
        guard let key = address.key else { throw CollabError.linkWithoutKey }
        let verifier = try RoomKey(text: key).secrets.access.verifier
        let link = WebSocketRelayLink(address: address)
        defer { link.close() }
        try await link.createRoom(verifier: verifier)
    }

    /// Keeps the confirmed replica on disk when it moved on (called at autosave pace), written
    /// off the main thread in order.
    func saveReplica() {
        guard !isClosed, let replica = bridge.session.replica, !isSaved(replica) else { return }
        savedReplica = (replica.epoch, replica.seq)
        let previous = replicaWrite
        let file = replicaFile
        replicaWrite = Task.detached {
            await previous?.value
            try? file.save(replica)
        }
    }

    /// Leaves the room when the window closes: every edit is already journaled (each push is
    /// written before it is sent); the replica is written now, since no task runs after the
    /// application's main loop returns.
    func close() {
        guard !isClosed else { return }
        if let replica = bridge.session.replica, !isSaved(replica) { try? replicaFile.save(replica) }
        end()
    }

    /// Stop Sharing: leaves the room for good. This client's outbox and replica go (the document
    /// no longer names the room, so nothing would read them again; a later join is a new
    /// client). The room's key stays in the user's state folder: an older copy of the file that
    /// still names the room can reconnect with it.
    func leave() {
        guard !isClosed else { return }
        end()
        try? FileManager.default.removeItem(at: journal.url)
        replicaFile.remove()
        // A write still under way would bring the replica back: remove it again after that.
        if let write = replicaWrite {
            let file = replicaFile
            Task.detached {
                await write.value
                file.remove()
            }
        }
    }

    private func end() {
        isClosed = true
        ticker?.cancel()
        connection.close()
    }

    private func isSaved(_ replica: ConfirmedReplica) -> Bool {
        savedReplica.map { $0.epoch == replica.epoch && $0.seq == replica.seq } ?? false
    }
}
