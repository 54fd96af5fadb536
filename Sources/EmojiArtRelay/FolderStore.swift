import EmojiArtCollab
import EmojiArtCore
import Foundation
import Synchronization

/// The data folder (docs/sharing.md, "Running a relay"): `rooms/<id>/…` (`RoomFiles`) and `blobs/<sha256>`,
/// owned by exactly one relay process (`DataFolderLock`), which alone orders each room's pushes.
final class FolderStore: RelayStore {
    let folder: URL
    let blobs: any BlobStorage
    private let lock = Mutex<DataFolderLock?>(nil)

    init(folder: URL, maxBlobBytes: Int) {
        self.folder = folder
        blobs = BlobStore(
            folder: folder.appendingPathComponent("blobs", isDirectory: true), maxBytes: maxBlobBytes,
            roomsFolder: folder.appendingPathComponent("rooms", isDirectory: true))
    }

    var isShared: Bool { false }
    var description: String { folder.path }
    private var roomsFolder: URL { folder.appendingPathComponent("rooms", isDirectory: true) }
    /// `tombstones/<id>`: a deleted room's verifier, dated by the file's modification time.
    private var tombstonesFolder: URL { folder.appendingPathComponent("tombstones", isDirectory: true) }

    nonisolated(nonsending) func open(events: @escaping @Sendable (StoreEvent) async -> Void) async throws {
        // Private, whatever an older relay left (0755): a room's verifier, log and blobs are
        // nobody else's business on this machine.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: RelayFiles.folderAttributes)
        // A folder of another owner (shared through a group) keeps its mode; what the relay
        // writes in it is 0600 all the same.
        try? FileManager.default.setAttributes(RelayFiles.folderAttributes, ofItemAtPath: folder.path)
        let acquired = try DataFolderLock(folder: folder)
        lock.withLock { $0 = acquired }
    }

    nonisolated(nonsending) func close() async {
        lock.withLock { held in
            held?.release()
            held = nil
        }
    }

    nonisolated(nonsending) func load(_ id: String) async throws -> LoadedRoom? {
        guard let (room, files) = try RoomFiles.load(id: id, from: roomsFolder.appendingPathComponent(id)) else { return nil }
        return LoadedRoom(room: room, storage: FolderRoomStorage(files: files))
    }

    nonisolated(nonsending) func create(_ id: String, epoch: String, verifier: String) async throws -> (any RoomStorage)? {
        let roomFolder = roomsFolder.appendingPathComponent(id)
        guard !FileManager.default.fileExists(atPath: roomFolder.appendingPathComponent("epoch").path) else { return nil }
        return FolderRoomStorage(files: try RoomFiles.create(in: roomFolder, epoch: epoch, verifier: verifier))
    }

    nonisolated(nonsending) func roomIDs() async -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: roomsFolder.path)) ?? []
        return names.filter(RoomLink.isRoomID)
    }

    nonisolated(nonsending) func roomCount() async throws -> Int {
        await roomIDs().count
    }

    nonisolated(nonsending) func delete(_ id: String) async -> Bool {
        let roomFolder = roomsFolder.appendingPathComponent(id)
        if let verifier = try? AtomicFile.read(roomFolder.appendingPathComponent("access"), maxBytes: 1024) {
            // Written before the room goes: a crash in between leaves the room, never a free id.
            guard
                (try? FileManager.default.createDirectory(
                    at: tombstonesFolder, withIntermediateDirectories: true, attributes: RelayFiles.folderAttributes)) != nil,
                (try? AtomicFile.write(verifier, to: tombstonesFolder.appendingPathComponent(id), private: true)) != nil
            else { return false }
        }
        // Its images go with it (a sealed image opens in its own room only).
        (blobs as? BlobStore)?.deleteBlobs(listedIn: BlobStore.listURL(of: id, in: roomsFolder))
        return (try? FileManager.default.removeItem(at: roomFolder)) != nil
    }

    nonisolated(nonsending) func tombstone(_ id: String) async -> String? {
        guard RoomLink.isRoomID(id), let data = try? AtomicFile.read(tombstonesFolder.appendingPathComponent(id), maxBytes: 1024)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    nonisolated(nonsending) func removeTombstone(_ id: String) async {
        try? FileManager.default.removeItem(at: tombstonesFolder.appendingPathComponent(id))
    }

    nonisolated(nonsending) func sweepTombstones(deletedBefore date: Date) async {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tombstonesFolder.path)) ?? []
        for name in names where RoomLink.isRoomID(name) {
            let url = tombstonesFolder.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
            if let modified, modified < date { try? FileManager.default.removeItem(at: url) }
        }
    }

    func usedBytes() -> Int64 {
        FolderSize.bytes(in: folder)
    }
}

/// A room's files: a push is appended as it is received and fsynced at `sync` (group commit).
final class FolderRoomStorage: RoomStorage {
    private let files: RoomFiles

    init(files: RoomFiles) {
        self.files = files
    }

    var isShared: Bool { false }

    func received(_ push: SequencedPush) throws(RelayStoreError) {
        try files.append(push)
    }

    /// Never called: a failed disk stops the room until the relay restarts.
    func discardReceived() {}

    nonisolated(nonsending) func sync(after seq: Int, snapshotSeq: Int) async throws(RelayStoreError) -> RoomChanges? {
        try files.sync()
        return nil
    }

    nonisolated(nonsending) func compact(_ snapshot: SequencedSnapshot, remaining: [SequencedPush]) async throws(RelayStoreError) {
        try files.compact(snapshot, remaining: remaining)
    }

    nonisolated(nonsending) func record(_ admission: Admission) async throws(RelayStoreError) -> String? {
        try files.record(admission)
        return admission.boundSecretHash
    }

    nonisolated(nonsending) func reload() async throws(RelayStoreError) -> RelayRoom {
        let id = files.folder.lastPathComponent
        guard let (room, _) = try RoomFiles.load(id: id, from: files.folder) else {
            throw .unreadable(path: files.folder.path, reason: "no epoch")
        }
        return room
    }

    func broadcast(_ message: RelayMessage) {}
}

extension BlobStore: BlobStorage {}
