import Logging
import PostgresNIO

/// The relay's tables, made and migrated by the relay itself: `schema_version` holds the last
/// migration applied; each relay applies the missing ones at start, one relay at a time (an
/// advisory lock), so relays of one version start together on an empty database.
///
///     rooms          id, epoch, verifier, seq (the last durable op), the snapshot and its seq,
///                    when it was made and last pushed to
///     room_clients   each client id's secret hash (C10) and its highest durable cseq
///     ops            one SequencedPush (its JSON, as a log line) per (room, seq), after the snapshot
///     blobs          background images by SHA-256, and the room each was uploaded for
///     tombstones     a deleted room's verifier, until --room-ttl-days after
enum PostgresSchema {
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE rooms (
                id text PRIMARY KEY,
                epoch text NOT NULL,
                verifier text,
                seq bigint NOT NULL DEFAULT 0,
                snapshot_seq bigint NOT NULL DEFAULT 0,
                snapshot text,
                created_at timestamptz NOT NULL DEFAULT now(),
                touched_at timestamptz NOT NULL DEFAULT now())
            """,
            """
            CREATE TABLE room_clients (
                room text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
                client text NOT NULL,
                secret text,
                cseq bigint NOT NULL DEFAULT 0,
                PRIMARY KEY (room, client))
            """,
            """
            CREATE TABLE ops (
                room text NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
                seq bigint NOT NULL,
                push text NOT NULL,
                PRIMARY KEY (room, seq))
            """,
            "CREATE TABLE blobs (name text PRIMARY KEY, data bytea NOT NULL)",
        ],
        [
            // A deleted room's verifier (C10): only its own keys make the id again.
            "CREATE TABLE tombstones (id text PRIMARY KEY, verifier text NOT NULL, deleted_at timestamptz NOT NULL DEFAULT now())",
            // The room a blob was uploaded for (protocol 3): deleted with it.
            "ALTER TABLE blobs ADD COLUMN room text",
        ],
    ]

    static var version: Int { migrations.count }

    /// Brings the database to `version`; throws when it is newer than this relay knows.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7447)", logger: logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)", logger: logger)
            var current = 0
            for try await version in try await connection.query("SELECT coalesce(max(version), 0) FROM schema_version", logger: logger)
                .decode(Int.self)
            {
                current = version
            }
            guard current <= version else { throw PostgresStoreError.newerSchema(found: current, known: version) }
            for (index, statements) in migrations.enumerated() where index + 1 > current {
                for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
                try await connection.query("INSERT INTO schema_version (version) VALUES (\(index + 1))", logger: logger)
            }
        }
    }
}

/// The database's problems, as sentences for whoever runs the relay.
enum PostgresStoreError: Error, CustomStringConvertible {
    case newerSchema(found: Int, known: Int)
    case roomGone(String)

    var description: String {
        switch self {
        case .newerSchema(let found, let known):
            "The database’s schema is version \(found), newer than the \(known) this relay knows; update the relay."
        case .roomGone(let id):
            "The room \(id) is no longer in the database."
        }
    }
}
