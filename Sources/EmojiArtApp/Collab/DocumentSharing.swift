import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import Foundation

/// A window's part in a room (C2, C3, C6): the session with its outbox on disk, the bridge
/// between the document and the session, and the one consumer of the WebSocket link. Made when
/// the user shares or joins, or when a shared file opens (it reconnects by itself).
@MainActor
final class DocumentSharing {
    let address: RoomLink
    let connection: RoomConnection
    var bridge: CollabDocumentBridge { connection.bridge }

    /// The room's key kept for this user (C7), to reconnect a shared file that names the room.
    static func storedKey(for room: String, storage: StorageLocations) -> String? {
        try? CollabStorage(locations: storage).keys.key(for: room)
    }

    private init(address: RoomLink, connection: RoomConnection) {
        self.address = address
        self.connection = connection
    }

    /// Connects `document` to the room at `address`. With an outbox from an earlier run, my
    /// pending edits come back from it; without one, the document's content enters the room as
    /// idempotent adds (a new room on Share…, nothing on Join…, and a shared file opened on this
    /// machine for the first time or after the relay lost its data: what the room already has
    /// stays as it is there).
    static func start(document: EmojiArtDocument, address: RoomLink, storage: StorageLocations) throws -> DocumentSharing {
        let collabStorage = CollabStorage(locations: storage)
        let journal = try FileOutboxJournal(folder: collabStorage.journalFolder, room: address.room)
        let hasOutbox = FileManager.default.fileExists(atPath: journal.url.path)
        // C7: with a key (after "#" in the link) everything is sealed with AES-GCM; the key is
        // kept in the user's state folder, never in the document.
        let sealer: any PayloadSealer
        if let key = address.key {
            sealer = AESGCMSealer(key: try RoomKey(text: key))
            try collabStorage.keys.save(key, for: address.room)
        } else {
            sealer = PlainSealer()
        }
        let session = try SyncSession(room: address.room, journal: journal, sealer: sealer)
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
        bridge.publishBlobs()
        return DocumentSharing(address: address, connection: connection)
    }

    /// Makes the room on the relay (Share…), answering whether it could.
    static func createRoom(at address: RoomLink) async throws {
        let link = WebSocketRelayLink(address: address)
        defer { link.close() }
        try await link.createRoom()
    }

    /// Leaves the room when the window closes: every edit is already journaled (each push is
    /// written before it is sent), so nothing more needs saving here.
    func close() {
        connection.close()
    }
}
