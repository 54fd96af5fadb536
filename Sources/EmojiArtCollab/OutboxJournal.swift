import EmojiArtCore
import Foundation

/// What a client must not lose (invariant 2, C6): its identity in the room, its counters and every
/// push not yet acknowledged. Written before a push is sent, so a crash or a dead relay loses at
/// most the gesture in progress.
public struct OutboxRecord: Hashable, Sendable, Codable {
    public var room: String
    public var client: ClientID
    /// The relay epoch the pending pushes' cseqs belong to.
    public var epoch: String?
    /// The next cseq and the next cid counter to hand out.
    public var nextCseq: Int
    public var nextCounter: Int
    public var pending: [PendingPush]
    /// What binds `client` to this replica on the relay (C10, base64url); nil in an outbox
    /// written before protocol 2 (a new one is made).
    public var secret: String?
    /// The hash of my last push in `epoch` (`SenderChains`): what my next push names.
    public var chainHead: String?
    /// The relay these pushes are for (C10: an outbox of a room on one relay never goes to
    /// another); nil in an outbox written before it was recorded.
    public var server: String?

    public init(
        room: String, client: ClientID, epoch: String?, nextCseq: Int, nextCounter: Int, pending: [PendingPush],
        secret: String? = nil, chainHead: String? = nil, server: String? = nil
    ) {
        self.server = server
        self.secret = secret
        self.chainHead = chainHead
        self.room = room
        self.client = client
        self.epoch = epoch
        self.nextCseq = nextCseq
        self.nextCounter = nextCounter
        self.pending = pending
    }
}

/// One push not yet acknowledged.
public struct PendingPush: Hashable, Sendable, Codable {
    public var cseq: Int
    public var ops: [CollabOp]
    /// The hash of my push before it (`SenderChains`).
    public var previous: String?

    public init(cseq: Int, ops: [CollabOp], previous: String? = nil) {
        self.cseq = cseq
        self.ops = ops
        self.previous = previous
    }
}

/// Where the outbox is kept. Synchronous on purpose: the app writes it in its close and quit
/// handlers, after which no task runs (COLLAB "Traps").
public protocol OutboxJournal: AnyObject {
    func load() throws -> OutboxRecord?
    func save(_ record: OutboxRecord) throws
}

/// In memory: tests, and a "client crash" is a new session over the same journal.
public final class InMemoryOutboxJournal: OutboxJournal {
    public private(set) var record: OutboxRecord?
    /// How many times it was written (tests check a push is journaled before it is sent).
    public private(set) var saveCount = 0

    public init(record: OutboxRecord? = nil) {
        self.record = record
    }

    public func load() -> OutboxRecord? {
        record
    }

    public func save(_ record: OutboxRecord) {
        self.record = record
        saveCount += 1
    }
}

/// One JSON file per room and client, replaced atomically (Core's `AtomicFile`: written, synced,
/// renamed, folder synced), under `$XDG_STATE_HOME/emojiart/collab/` in the app.
public final class FileOutboxJournal: OutboxJournal {
    public let url: URL
    /// An outbox of a room this large is refused when read (it would be a runaway, not edits).
    public static let maxBytes = 64 * 1024 * 1024

    public init(url: URL) {
        self.url = url
    }

    /// The journal of `room` in `folder`; the folder is made private (C10: it holds edits in
    /// the clear) when missing, and checked when it exists.
    public convenience init(folder: URL, room: String) throws {
        try PrivateFolder.prepare(folder)
        let safeName = String(
            room.unicodeScalars.map {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") ? Character($0) : "_"
            })
        self.init(url: folder.appendingPathComponent("\(safeName).outbox.json"))
    }

    public func load() throws -> OutboxRecord? {
        let data: Data
        do {
            data = try AtomicFile.read(url, maxBytes: Self.maxBytes)
        } catch let error as FileReadError {
            if case .notFound = error { return nil }
            throw CollabError.journalUnreadable(path: url.path, reason: String(describing: error))
        }
        do {
            return try JSONDecoder().decode(OutboxRecord.self, from: data)
        } catch {
            throw CollabError.journalUnreadable(path: url.path, reason: "it is not an outbox: \(error)")
        }
    }

    public func save(_ record: OutboxRecord) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try AtomicFile.write(try encoder.encode(record), to: url, private: true)
        } catch {
            throw CollabError.journalUnwritable(path: url.path, reason: String(describing: error))
        }
    }
}
