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
}

/// The rooms' keys, one file each, mode 0600: a shared document names its room (`collab`) but
/// carries no key, so sending the file to someone does not let them in; the link does.
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

    /// Keeps `key` for `room`, readable by this user only.
    public func save(_ key: String, for room: String) throws {
        let url = try file(for: room)
        let temporary = folder.appendingPathComponent(".\(room).key.\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: temporary.path, contents: Data((key + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            guard rename(temporary.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CollabError.keyUnwritable(path: url.path, reason: String(describing: error))
        }
    }

    private func file(for room: String) throws -> URL {
        guard RoomLink.isRoomID(room) else { throw RoomLinkError.badRoomID(room) }
        return folder.appendingPathComponent("\(room).key")
    }
}
