import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where a user's collaboration state lives, under the XDG state folder (never in a document):
/// `keys/<room>.key` (the room's key, readable by the user only, SPEC C7) and `collab/` (the
/// outboxes and confirmed replicas, `FileOutboxJournal`).
public struct CollabStorage: Hashable, Sendable {
    public var keysFolder: URL
    public var journalFolder: URL

    public init(locations: StorageLocations = StorageLocations()) {
        keysFolder = locations.stateDirectory.appendingPathComponent("keys", isDirectory: true)
        journalFolder = locations.stateDirectory.appendingPathComponent("collab", isDirectory: true)
    }

    public var keys: RoomKeyStore { RoomKeyStore(folder: keysFolder) }
    public var knownRelays: KnownRelays { KnownRelays(file: journalFolder.appendingPathComponent("relays.json")) }
    /// Beside the keys: a token is as private as a key.
    public var relayTokens: RelayTokens { RelayTokens(folder: keysFolder.appendingPathComponent("relays", isDirectory: true)) }
}

/// The rooms' keys, one file each, mode 0600 in a private folder: a shared document names its
/// room (`collab`) but carries no key, so sending the file to someone does not let them in; the
/// link does. A key is written only after it opened something of the room (C10), and never
/// silently over another key for the same room: a forged "new link" must not swap it.
public struct RoomKeyStore: Hashable, Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The key text of `room` (as in the link after `#`), nil when this user has none.
    public func key(for room: String) throws -> String? {
        let url = try file(for: room)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let text = String(decoding: try AtomicFile.read(url, maxBytes: 4096), as: UTF8.self)
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw CollabError.keyUnreadable(path: url.path, reason: String(describing: error))
        }
    }

    /// Keeps `key` for `room`, readable by this user only. Another key already kept for the room
    /// is replaced only when `replacing` (the person agreed); otherwise `anotherKeyStored`.
    public func save(_ key: String, for room: String, replacing: Bool = false) throws {
        if let kept = try self.key(for: room) {
            if kept == key { return }
            guard replacing else { throw CollabError.anotherKeyStored(room: room) }
        }
        let url = try file(for: room)
        try PrivateFolder.prepare(folder)
        let temporary = folder.appendingPathComponent(".\(room).key.\(UUID().uuidString)")
        do {
            try Self.createPrivately(temporary, contents: Data((key + "\n").utf8))
            guard rename(temporary.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temporary.path)
            throw CollabError.keyUnwritable(path: url.path, reason: String(describing: error))
        }
    }

    /// A new file, 0600 from its first moment (never a link, never an existing file), synced.
    private static func createPrivately(_ url: URL, contents: Data) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count, fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    private func file(for room: String) throws -> URL {
        guard RoomLink.isRoomID(room) else { throw RoomLinkError.badRoomID(room) }
        return folder.appendingPathComponent("\(room).key")
    }
}
