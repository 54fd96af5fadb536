import Crypto
import EmojiArtCollab
import EmojiArtCore
import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Rooms and images in PostgreSQL (C9, `--store postgres://…`): any number of relays on one
/// database serve any room. The database orders each room's pushes (`PostgresRoomStorage`);
/// LISTEN/NOTIFY tells the other relays that a room has new ops (never their content) and
/// carries what is not kept (presence, previews), and each relay reads what its clients lack.
final class PostgresStore: RelayStore {
    static let channel = "emojiart"
    /// NOTIFY's payload limit is 8000 bytes: a larger preview is not sent to other relays.
    static let maxNotificationBytes = 7900

    let location: PostgresLocation
    let client: PostgresClient
    let logger: Logger
    let blobs: any BlobStorage
    /// Tells this relay's own notifications from the others'.
    let relayID = RoomHost.randomNonce()
    private let running = Mutex<[Task<Void, Never>]>([])
    private let usage = Mutex<Int64>(0)
    private let outbox: AsyncStream<String>.Continuation
    private let outboxStream: AsyncStream<String>

    init(location: PostgresLocation, maxBlobBytes: Int) {
        self.location = location
        var logger = Logger(label: "emojiart-relay.postgres")
        logger.logLevel = .critical
        self.logger = logger
        var configuration = PostgresClient.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: .disable)
        configuration.options.connectTimeout = .seconds(3)
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        blobs = PostgresBlobs(client: client, logger: logger, maxBytes: maxBlobBytes)
        (outboxStream, outbox) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(1024))
    }

    var isShared: Bool { true }
    var description: String { location.description }

    nonisolated(nonsending) func open(events: @escaping @Sendable (StoreEvent) async -> Void) async throws {
        let client = client
        let runClient = Task { await client.run() }
        running.withLock { $0.append(runClient) }
        do {
            try await PostgresSchema.migrate(client, logger: logger)
        } catch {
            runClient.cancel()
            throw RelayStartError(description: "The relay cannot use the database \(location): \(String(reflecting: error))")
        }
        await refreshUsage()
        let tasks = [
            Task { await self.listen(events: events) },
            Task { await self.sendEphemeral() },
            Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: DataQuota.remeasurePeriod)
                    await self.refreshUsage()
                }
            },
        ]
        running.withLock { $0.append(contentsOf: tasks) }
    }

    nonisolated(nonsending) func close() async {
        outbox.finish()
        for task in running.withLock({ $0 }).reversed() { task.cancel() }
    }

    nonisolated(nonsending) func load(_ id: String) async throws -> LoadedRoom? {
        let storage = PostgresRoomStorage(id: id, store: self)
        guard let room = try await storage.read() else { return nil }
        return LoadedRoom(room: room, storage: storage)
    }

    nonisolated(nonsending) func create(_ id: String, epoch: String, verifier: String) async throws -> (any RoomStorage)? {
        let rows = try await client.query(
            "INSERT INTO rooms (id, epoch, verifier) VALUES (\(id), \(epoch), \(verifier)) ON CONFLICT (id) DO NOTHING RETURNING id",
            logger: logger)
        var made = false
        for try await _ in rows.decode(String.self) { made = true }
        return made ? PostgresRoomStorage(id: id, store: self) : nil
    }

    nonisolated(nonsending) func roomIDs() async -> [String] {
        var ids: [String] = []
        do {
            for try await id in try await client.query("SELECT id FROM rooms", logger: logger).decode(String.self) { ids.append(id) }
        } catch {
            return []
        }
        return ids
    }

    nonisolated(nonsending) func roomCount() async throws -> Int {
        var count = 0
        for try await value in try await client.query("SELECT count(*) FROM rooms", logger: logger).decode(Int.self) { count = value }
        return count
    }

    nonisolated(nonsending) func delete(_ id: String) async -> Bool {
        let deleted = try? await client.withTransaction(logger: logger) { connection in
            try await connection.query(
                """
                INSERT INTO tombstones (id, verifier) SELECT id, verifier FROM rooms WHERE id = \(id) AND verifier IS NOT NULL
                ON CONFLICT (id) DO UPDATE SET verifier = excluded.verifier, deleted_at = now()
                """, logger: logger)
            try await connection.query("DELETE FROM blobs WHERE room = \(id)", logger: logger)
            try await connection.query("DELETE FROM rooms WHERE id = \(id)", logger: logger)
        }
        return deleted != nil
    }

    nonisolated(nonsending) func tombstone(_ id: String) async -> String? {
        guard let rows = try? await client.query("SELECT verifier FROM tombstones WHERE id = \(id)", logger: logger) else { return nil }
        var verifier: String?
        do {
            for try await stored in rows.decode(String.self) { verifier = stored }
        } catch {
            return nil
        }
        return verifier
    }

    nonisolated(nonsending) func removeTombstone(_ id: String) async {
        _ = try? await client.query("DELETE FROM tombstones WHERE id = \(id)", logger: logger)
    }

    nonisolated(nonsending) func sweepTombstones(deletedBefore date: Date) async {
        _ = try? await client.query("DELETE FROM tombstones WHERE deleted_at < \(date)", logger: logger)
    }

    func usedBytes() -> Int64 {
        usage.withLock { $0 }
    }

    /// The bytes of the relay's tables, measured at start and once a `DataQuota.remeasurePeriod`.
    private func refreshUsage() async {
        let query: PostgresQuery = """
            SELECT (pg_total_relation_size('rooms') + pg_total_relation_size('room_clients')
                + pg_total_relation_size('ops') + pg_total_relation_size('blobs'))::bigint
            """
        guard let rows = try? await client.query(query, logger: logger) else { return }
        do {
            for try await bytes in rows.decode(Int64.self) { usage.withLock { $0 = bytes } }
        } catch {
            return
        }
    }

    /// Tells the other relays that `room` has durable ops up to `seq` (inside the transaction
    /// that wrote them, so it is sent exactly when they are committed).
    static func opsNotification(relay: String, room: String, seq: Int) -> String {
        "o \(relay) \(room) \(seq)"
    }

    /// Queues what a member said that is not kept, for the other relays (sent in order).
    func broadcast(_ message: RelayMessage, in room: String) {
        guard let frame = try? WireCodec.encode(message) else { return }
        let payload = "e \(relayID) \(room) " + String(decoding: frame, as: UTF8.self)
        guard payload.utf8.count <= Self.maxNotificationBytes else { return }
        outbox.yield(payload)
    }

    private func sendEphemeral() async {
        for await payload in outboxStream {
            // Lost while the database is away, like any presence or preview on a broken link.
            _ = try? await client.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
        }
    }

    /// Listens until cancelled, connecting again after a failure; each (re)connection is
    /// followed by a resync, since notifications sent meanwhile were missed.
    private func listen(events: @escaping @Sendable (StoreEvent) async -> Void) async {
        var reported = false
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        if reported {
                            Self.report("The relay reaches the database \(location) again.")
                            reported = false
                        }
                        await events(.resync)
                        for try await notification in notifications {
                            if let event = self.event(from: notification.payload) { await events(event) }
                        }
                    }
                }
            } catch {
                if !reported, !Task.isCancelled {
                    Self.report(
                        "The relay lost the database \(location) (\(String(reflecting: error))); rooms are read again when it is back, edits wait in the clients' outboxes meanwhile."
                    )
                    reported = true
                }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    /// Another relay's notification (this relay's own are skipped).
    private func event(from payload: String) -> StoreEvent? {
        let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[1] != relayID else { return nil }
        let room = String(parts[2])
        switch parts[0] {
        case "o":
            return Int(parts[3]).map { .ops(room: room, seq: $0) }
        case "e":
            return (try? WireCodec.relayMessage(from: Data(parts[3].utf8))).map { .ephemeral(room: room, message: $0) }
        default:
            return nil
        }
    }

    /// An operator's line on standard error: not a refusal (RefusalLog), not a client's sentence.
    private static func report(_ line: String) {
        FileHandle.standardError.write(Data("emojiart-relay: \(line)\n".utf8))
    }
}

/// Background images in the `blobs` table.
struct PostgresBlobs: BlobStorage {
    let client: PostgresClient
    let logger: Logger
    let maxBytes: Int

    func put(_ data: Data, name: String, room: String) async throws(BlobStore.Failure) {
        guard BlobStore.isName(name) else { throw .badName(name) }
        guard data.count <= maxBytes else { throw .tooLarge(data.count, limit: maxBytes) }
        let actual = SHA256.hex(data)
        guard actual == name else { throw .hashMismatch(name: name, actual: actual) }
        do {
            try await client.query(
                "INSERT INTO blobs (name, data, room) VALUES (\(name), \(ByteBuffer(bytes: data)), \(room)) ON CONFLICT (name) DO NOTHING",
                logger: logger)
        } catch {
            throw .unwritable(String(reflecting: error))
        }
    }

    func has(_ name: String) async -> Bool {
        guard BlobStore.isName(name), let rows = try? await client.query("SELECT 1 FROM blobs WHERE name = \(name)", logger: logger) else {
            return false
        }
        var found = false
        do {
            for try await _ in rows.decode(Int.self) { found = true }
        } catch {
            return false
        }
        return found
    }

    func get(_ name: String) async -> Data? {
        guard BlobStore.isName(name), let rows = try? await client.query("SELECT data FROM blobs WHERE name = \(name)", logger: logger)
        else { return nil }
        var data: Data?
        do {
            for try await buffer in rows.decode(ByteBuffer.self) { data = Data(buffer: buffer) }
        } catch {
            return nil
        }
        return data
    }
}
