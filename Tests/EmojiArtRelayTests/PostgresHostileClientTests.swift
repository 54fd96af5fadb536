import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRelay

extension PostgresServerTests {
    /// The hostile-client bounds (SPEC C8) hold the same with the PostgreSQL store: every test of
    /// `HostileClientTests`, on a relay with a fresh database (what it holds read from the database).
    @Suite
    struct PostgresHostileClientTests {
        static func store() throws -> [String] {
            ["--store", try TestPostgres.freshDatabase()]
        }

        @Test("max rooms with PostgreSQL: 503 once the database holds them all, the rooms it has keep working")
        func maxRooms() async throws {
            try await HostileClientTests.maxRooms(store: Self.store())
        }

        @Test("an oversized blob with PostgreSQL: 413 from its Content-Length")
        func oversizedBlob() throws {
            try HostileClientTests.oversizedBlob(store: Self.store())
        }

        @Test("connections per address with PostgreSQL: the one past the cap is refused at once")
        func connectionCapDirect() async throws {
            try await HostileClientTests.connectionCapDirect(store: Self.store())
        }

        @Test("a WebSocket upgrade flood with PostgreSQL: the cap holds, another address keeps sharing and joining")
        func upgradeFlood() async throws {
            try await HostileClientTests.upgradeFlood(store: Self.store())
        }

        @Test("garbage frames with PostgreSQL: closed or answered, the room untouched")
        func garbageFrames() async throws {
            try await HostileClientTests.garbageFrames(store: Self.store())
        }

        @Test("a room-creation flood with PostgreSQL: 429 after the rate; another address still makes rooms")
        func roomFlood() async throws {
            try await HostileClientTests.roomFlood(store: Self.store())
        }

        @Test("data quota with PostgreSQL: the database's tables stay within it, the existing room still takes pushes")
        func dataQuota() async throws {
            try await HostileClientTests.dataQuota(store: Self.store())
        }

        @Test("slowloris with PostgreSQL: answered 408 and closed by the header timeout")
        func slowloris() async throws {
            try await HostileClientTests.slowloris(store: Self.store())
        }

        @Test("a WebSocket that answers no ping, with PostgreSQL: closed after the ping timeout")
        func pingTimeout() throws {
            try HostileClientTests.pingTimeout(store: Self.store())
        }

        @Test("a create token with PostgreSQL: none is 401, a wrong one 403, the right one makes the room")
        func createToken() async throws {
            try await HostileClientTests.createToken(store: Self.store())
        }

        @Test("the relay’s memory stays bounded under the floods, with PostgreSQL")
        func memoryBounded() async throws {
            try await HostileClientTests.memoryBounded(store: Self.store())
        }
    }
}

extension HostileClientTests {
    /// The rooms a relay on `store` holds: its data folder's, or its database's (`--store URL`).
    static func storedRooms(_ relay: RelayProcess, store: [String]) throws -> Int {
        guard let database = store.last else {
            return try FileManager.default.contentsOfDirectory(atPath: relay.dataFolder.appendingPathComponent("rooms").path).count
        }
        return try Int(#require(TestPostgres.psql(database: database, "SELECT count(*) FROM rooms").first)) ?? -1
    }

    /// The bytes a relay on `store` holds, as its quota counts them.
    static func storedBytes(_ relay: RelayProcess, store: [String]) throws -> Int64 {
        guard let database = store.last else { return FolderSize.bytes(in: relay.dataFolder) }
        let sum =
            "SELECT pg_total_relation_size('rooms') + pg_total_relation_size('room_clients') + pg_total_relation_size('ops') + pg_total_relation_size('blobs')"
        return try Int64(#require(TestPostgres.psql(database: database, sum).first)) ?? -1
    }
}
