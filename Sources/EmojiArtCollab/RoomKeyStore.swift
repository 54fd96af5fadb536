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

    /// The key text of `room` (as in the link after `#`), nil when this user has none — or, given
    /// `relay`, when the key is kept for the room on another relay (C10: a document naming a known
    /// room at another relay never takes the key there). A key kept before relays were recorded
    /// counts for any relay until it is kept again.
    public func key(for room: String, relay: String? = nil) throws -> String? {
        guard let kept = try kept(room) else { return nil }
        if let relay, let keptRelay = kept.relay, keptRelay != relay { return nil }
        return kept.key
    }

    /// The relay `room`'s key is kept for; nil when there is none, or it was kept before relays were recorded.
    public func relay(for room: String) throws -> String? {
        try kept(room)?.relay
    }

    /// Keeps `key` for `room` on `relay`, readable by this user only. Another key already kept
    /// for the room is replaced only when `replacing` (the person agreed); otherwise
    /// `anotherKeyStored`. The same key is kept again for the relay the person joined it on.
    public func save(_ key: String, for room: String, relay: String, replacing: Bool = false) throws {
        if let kept = try kept(room) {
            if kept.key == key && kept.relay == relay { return }
            guard kept.key == key || replacing else { throw CollabError.anotherKeyStored(room: room) }
        }
        let url = try file(for: room)
        try PrivateFolder.prepare(folder)
        let temporary = folder.appendingPathComponent(".\(room).key.\(UUID().uuidString)")
        do {
            // The key, then the relay it is for (a file of one line is a key kept before that).
            try Self.createPrivately(temporary, contents: Data((key + "\n" + relay + "\n").utf8))
            guard rename(temporary.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            unlink(temporary.path)
            throw CollabError.keyUnwritable(path: url.path, reason: String(describing: error))
        }
    }

    private func kept(_ room: String) throws -> (key: String, relay: String?)? {
        let url = try file(for: room)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            let lines = String(decoding: try AtomicFile.read(url, maxBytes: 4096), as: UTF8.self)
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let key = lines.first else { return nil }
            return (key, lines.count > 1 && !lines[1].isEmpty ? lines[1] : nil)
        } catch {
            throw CollabError.keyUnreadable(path: url.path, reason: String(describing: error))
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
