import EmojiArtCore
import Foundation

/// The confirmed replica kept between runs (C6, item "keep the confirmed replica"), one file
/// beside the room's outbox (`<room>.replica.json`): with it, a reopened shared document shows
/// the room as it was at once (even offline), asks the relay only for the ops it missed, rebases
/// its waiting edits on the right state, and can push the room again if the relay lost it
/// (invariant 7). It is a cache: one that is missing, unreadable or of another epoch is ignored
/// (the relay sends the whole log), so it may lag behind and is written at autosave pace.
public final class ReplicaFile: @unchecked Sendable {
    public let url: URL
    /// A replica this large is not read (a runaway, not a room: rooms are bounded far below).
    public static let maxBytes = 256 * 1024 * 1024

    public init(url: URL) {
        self.url = url
    }

    /// The replica beside `journal`'s outbox file.
    public convenience init(besides journal: FileOutboxJournal) {
        let name = journal.url.lastPathComponent.replacingOccurrences(of: ".outbox.json", with: "")
        self.init(url: journal.url.deletingLastPathComponent().appendingPathComponent("\(name).replica.json"))
    }

    /// The replica, or nil when there is none that can be used.
    public func load() -> ConfirmedReplica? {
        guard let data = try? AtomicFile.read(url, maxBytes: Self.maxBytes) else { return nil }
        return try? JSONDecoder().decode(ConfirmedReplica.self, from: data)
    }

    /// Replaces the file atomically (written, synced, renamed).
    public func save(_ replica: ConfirmedReplica) throws {
        do {
            // The room's content in the clear: private (C10), like the outbox beside it.
            try AtomicFile.write(try JSONEncoder().encode(replica), to: url, private: true)
        } catch {
            throw CollabError.journalUnwritable(path: url.path, reason: String(describing: error))
        }
    }

    /// Forgets the replica (the window left the room).
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
