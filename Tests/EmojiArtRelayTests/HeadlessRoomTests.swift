import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCollabTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

/// The CLI's room without a main loop: its consumer task writes the last disconnect while
/// callers on other tasks read it, so both go through the room's lock.
@Suite struct HeadlessRoomTests {
    static func room(on relay: InMemoryRelay) throws -> HeadlessRoom {
        relay.createRoom("room-0001")
        let session = try SyncSession(
            room: "room-0001", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 1))
        return HeadlessRoom(link: relay.link(room: "room-0001"), session: session)
    }

    @Test("a wait that gives up names the connection’s last problem, read while the consumer task handles events")
    func timeoutNamesLastDisconnect() async throws {
        let relay = InMemoryRelay()
        let room = try Self.room(on: relay)
        defer { room.close() }
        try await room.wait("the room welcomed us", timeout: .seconds(60)) { $0.isLive }
        #expect(room.lastDisconnect == nil)

        relay.stop(crash: false)
        // Readers on other tasks while the consumer task writes the reason: a data race without
        // the lock, which a ThreadSanitizer build reports.
        async let readers: Void = withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { for _ in 0..<1_000 { _ = room.lastDisconnect } } }
        }
        try await waitUntil("the room saw the relay stop") { room.lastDisconnect != nil }
        await readers
        #expect(room.lastDisconnect == "The relay stopped.")

        let error = await #expect(throws: HeadlessRoomTimeout.self) {
            try await room.wait("a condition that never holds", timeout: .milliseconds(1)) { _ in false }
        }
        #expect(error?.lastDisconnect == "The relay stopped.")
    }
}
