import EmojiArtTestSupport
import Testing

/// The hostile-client bounds (SPEC C8) hold the same with the PostgreSQL store: the tests of
/// `HostileClientTests` that do not look into the data folder, on a relay with a fresh database.
@Suite(.serialized, .enabled(if: TestPostgres.isAvailable, "needs PostgreSQL: run the tests through scripts/with-postgres (CI does)"))
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
}
