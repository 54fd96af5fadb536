import EmojiArtCollab
import EmojiArtCore
import Foundation

/// The one place where a room's link becomes a session (C7, C10): its key → the AES-GCM sealer
/// (and the access key), this user's outbox journal and confirmed replica beside it → the
/// `SyncSession`. The window (`SharedDocumentSession`), `share` and `join` all start here.
public struct RoomSessionSetup: Sendable {
    public let address: RoomLink
    public let storage: CollabStorage
    public let key: String
    public let sealer: AESGCMSealer

    /// - Throws: `CollabError.linkWithoutKey` for a link without a key (there is no room
    ///   without one), `SealError.badKey` for one that is not a key.
    public init(address: RoomLink, storage: CollabStorage) throws {
        guard let key = address.key else { throw CollabError.linkWithoutKey }
        self.address = address
        self.storage = storage
        self.key = key
        sealer = AESGCMSealer(key: try RoomKey(text: key))
    }

    /// The session with its journal (and the confirmed replica, when `usesReplica` and this user
    /// has an outbox of the room: a replica without its outbox belongs to no client).
    public func makeSession(usesReplica: Bool = true) throws -> OpenedSession {
        let journal = try FileOutboxJournal(folder: storage.journalFolder, room: address.room)
        let replicaFile = ReplicaFile(besides: journal)
        // An outbox of this room on another relay never goes to this one (C10): it is set
        // aside, whole, and this relay's session starts afresh.
        if let kept = try journal.load()?.server, kept != address.server {
            try Self.setAside([journal.url, replicaFile.url])
        }
        let hadOutbox = FileManager.default.fileExists(atPath: journal.url.path)
        let session = try SyncSession(
            room: address.room, journal: journal, replica: usesReplica && hadOutbox ? replicaFile.load() : nil, sealer: sealer,
            server: address.server)
        return OpenedSession(session: session, journal: journal, replicaFile: replicaFile, hadOutbox: hadOutbox)
    }

    /// Renames each file that exists to `NAME.other-relay-DATE`, beside it.
    private static func setAside(_ urls: [URL]) throws {
        let stamp = Int(Date().timeIntervalSince1970)
        for url in urls where FileManager.default.fileExists(atPath: url.path) {
            let aside = url.deletingLastPathComponent().appendingPathComponent("\(url.lastPathComponent).other-relay-\(stamp)")
            do {
                try FileManager.default.moveItem(at: url, to: aside)
            } catch {
                throw CollabError.journalUnwritable(path: url.path, reason: String(describing: error))
            }
        }
    }

    /// Keeps the link's key for its room (after something opened with it, or for a room this
    /// computer made), replacing another only when `replacing`.
    public func keepKey(replacing: Bool = false) throws {
        try storage.keys.save(key, for: address.room, relay: address.server, replacing: replacing)
    }

    /// The link's relay, as one this user agreed to use (C10).
    public func rememberRelay() {
        try? storage.knownRelays.remember(address.server)
    }

    public struct OpenedSession {
        public let session: SyncSession
        public let journal: FileOutboxJournal
        public let replicaFile: ReplicaFile
        /// Whether this user had an outbox of the room (a window that was in it before).
        public let hadOutbox: Bool
    }
}
