import EmojiArtCollab
import Foundation
import Logging
import PostgresNIO

/// One room in PostgreSQL. Pushes wait here until `sync`, which writes them in one transaction
/// with the room's row locked (`SELECT … FOR UPDATE`): their seqs follow the last one in the
/// database, whichever relay wrote it, a (client, cseq) already there is left out (at most
/// once), and the answer is every op after the relay's durable seq, in the database's order.
/// Only then are they acknowledged and broadcast, so two relays never fork a room.
final class PostgresRoomStorage: RoomStorage {
    let id: String
    private let store: PostgresStore
    private var pending: [SequencedPush] = []

    init(id: String, store: PostgresStore) {
        self.id = id
        self.store = store
    }

    var isShared: Bool { true }
    private var client: PostgresClient { store.client }
    private var logger: Logger { store.logger }

    func received(_ push: SequencedPush) throws(RelayStoreError) {
        pending.append(push)
    }

    func discardReceived() {
        pending = []
    }

    func broadcast(_ message: RelayMessage) {
        store.broadcast(message, in: id)
    }

    nonisolated(nonsending) func sync(after seq: Int, snapshotSeq: Int) async throws(RelayStoreError) -> RoomChanges? {
        // Taken out now: pushes received during the transaction go in the next one. On a
        // failure the batch is dropped, and the room's failure drops those received since
        // (`discardReceived`); their clients push them again after reconnecting (the room's
        // connections are closed), and whatever did commit is left out as seen.
        let batch = pending
        pending = []
        do {
            if !batch.isEmpty { try await write(batch) }
            return try await changes(after: seq, snapshotSeq: snapshotSeq, withBindings: batch.isEmpty)
        } catch {
            throw .unwritable(path: store.location.description, reason: String(reflecting: error))
        }
    }

    nonisolated(nonsending) private func write(_ batch: [SequencedPush]) async throws {
        let (id, logger, relay) = (id, logger, store.relayID)
        try await client.withTransaction(logger: logger) { connection in
            var last: Int?
            for try await seq in try await connection.query("SELECT seq FROM rooms WHERE id = \(id) FOR UPDATE", logger: logger).decode(
                Int.self)
            {
                last = seq
            }
            guard var seq = last else { throw PostgresStoreError.roomGone(id) }
            let clients = Array(Set(batch.map(\.client.rawValue)))
            var applied: [String: Int] = [:]
            let appliedRows = try await connection.query(
                "SELECT client, cseq FROM room_clients WHERE room = \(id) AND client = ANY(\(clients))", logger: logger)
            for try await (client, cseq) in appliedRows.decode((String, Int).self) { applied[client] = cseq }
            var seqs: [Int] = []
            var lines: [String] = []
            var pushers: [String] = []
            var cseqs: [Int] = []
            for push in batch where push.cseq > applied[push.client.rawValue] ?? 0 {
                applied[push.client.rawValue] = push.cseq
                seq += 1
                var stored = push
                stored.seq = seq
                seqs.append(seq)
                lines.append(try Self.encode(stored))
                pushers.append(push.client.rawValue)
                cseqs.append(push.cseq)
            }
            guard !seqs.isEmpty else { return }
            try await connection.query(
                "INSERT INTO ops (room, seq, push) SELECT \(id), s, p FROM unnest(\(seqs)::bigint[], \(lines)::text[]) AS t(s, p)",
                logger: logger)
            try await connection.query(
                """
                INSERT INTO room_clients (room, client, cseq)
                SELECT \(id), c, max(q) FROM unnest(\(pushers)::text[], \(cseqs)::bigint[]) AS t(c, q) GROUP BY c
                ON CONFLICT (room, client) DO UPDATE SET cseq = greatest(room_clients.cseq, excluded.cseq)
                """, logger: logger)
            try await connection.query("UPDATE rooms SET seq = \(seq), touched_at = now() WHERE id = \(id)", logger: logger)
            let notification = PostgresStore.opsNotification(relay: relay, room: id, seq: seq)
            try await connection.query("SELECT pg_notify(\(PostgresStore.channel), \(notification))", logger: logger)
        }
    }

    /// The ops after `seq`, a snapshot newer than `snapshotSeq`, and (when asked) the bindings.
    nonisolated(nonsending) private func changes(after seq: Int, snapshotSeq: Int, withBindings: Bool) async throws -> RoomChanges {
        var changes = RoomChanges(ops: [], snapshot: nil, bindings: [:])
        let decoder = JSONDecoder()
        let opRows = try await client.query("SELECT push FROM ops WHERE room = \(id) AND seq > \(seq) ORDER BY seq", logger: logger)
        for try await line in opRows.decode(String.self) {
            changes.ops.append(try decoder.decode(SequencedPush.self, from: Data(line.utf8)))
        }
        let snapshotRows = try await client.query(
            "SELECT snapshot FROM rooms WHERE id = \(id) AND snapshot_seq > \(snapshotSeq)", logger: logger)
        for try await text in snapshotRows.decode(String?.self) {
            changes.snapshot = try text.map { try decoder.decode(SequencedSnapshot.self, from: Data($0.utf8)) }
        }
        if withBindings { changes.bindings = try await bindings() }
        return changes
    }

    nonisolated(nonsending) private func bindings() async throws -> [ClientID: String] {
        var bindings: [ClientID: String] = [:]
        let rows = try await client.query(
            "SELECT client, secret FROM room_clients WHERE room = \(id) AND secret IS NOT NULL", logger: logger)
        for try await (client, secret) in rows.decode((String, String).self) {
            if let client = ClientID(client) { bindings[client] = secret }
        }
        return bindings
    }

    /// Keeps the snapshot unless a newer one is stored, and drops the ops the previous snapshot
    /// covered: a relay behind by one compaction still finds the ops it lacks (one behind by
    /// two reads the room anew).
    nonisolated(nonsending) func compact(_ snapshot: SequencedSnapshot, remaining: [SequencedPush]) async throws(RelayStoreError) {
        let (id, logger) = (id, logger)
        do {
            let text = try Self.encode(snapshot)
            try await client.withTransaction(logger: logger) { connection in
                var previous: Int?
                let rows = try await connection.query(
                    "SELECT snapshot_seq FROM rooms WHERE id = \(id) FOR UPDATE", logger: logger)
                for try await seq in rows.decode(Int.self) { previous = seq }
                guard let previous, previous < snapshot.seq else { return }
                try await connection.query(
                    "UPDATE rooms SET snapshot_seq = \(snapshot.seq), snapshot = \(text) WHERE id = \(id)", logger: logger)
                try await connection.query("DELETE FROM ops WHERE room = \(id) AND seq <= \(previous)", logger: logger)
            }
        } catch {
            throw .unwritable(path: store.location.description, reason: String(reflecting: error))
        }
    }

    nonisolated(nonsending) func record(_ admission: Admission) async throws(RelayStoreError) -> String? {
        do {
            if let verifier = admission.registeredVerifier {
                try await client.query(
                    "UPDATE rooms SET verifier = \(verifier) WHERE id = \(id) AND verifier NOT LIKE '3.%'", logger: logger)
            }
            guard let secret = admission.boundSecretHash else { return nil }
            // The first relay to bind the id wins; every other gets the winner's secret back.
            let rows = try await client.query(
                """
                INSERT INTO room_clients (room, client, secret) VALUES (\(id), \(admission.client.rawValue), \(secret))
                ON CONFLICT (room, client) DO UPDATE SET secret = coalesce(room_clients.secret, excluded.secret)
                RETURNING secret
                """, logger: logger)
            var bound: String?
            for try await stored in rows.decode(String.self) { bound = stored }
            return bound
        } catch {
            throw .unwritable(path: store.location.description, reason: String(reflecting: error))
        }
    }

    nonisolated(nonsending) func reload() async throws(RelayStoreError) -> RelayRoom {
        do {
            guard let room = try await read() else { throw PostgresStoreError.roomGone(id) }
            return room
        } catch let error as RelayStoreError {
            throw error
        } catch {
            throw .unreadable(path: store.location.description, reason: String(reflecting: error))
        }
    }

    /// The room as the database has it: nil when there is no such room.
    nonisolated(nonsending) func read() async throws -> RelayRoom? {
        var row: (epoch: String, verifier: String?, snapshot: String?)?
        let rows = try await client.query("SELECT epoch, verifier, snapshot FROM rooms WHERE id = \(id)", logger: logger)
        for try await (epoch, verifier, snapshot) in rows.decode((String, String?, String?).self) { row = (epoch, verifier, snapshot) }
        guard let row else { return nil }
        let decoder = JSONDecoder()
        let snapshot = try row.snapshot.map { try decoder.decode(SequencedSnapshot.self, from: Data($0.utf8)) }
        let changes = try await changes(after: snapshot?.seq ?? 0, snapshotSeq: Int.max, withBindings: true)
        return RelayRoom(
            id: id, epoch: row.epoch, verifier: row.verifier, clientSecrets: changes.bindings, snapshot: snapshot, log: changes.ops)
    }

    private static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
