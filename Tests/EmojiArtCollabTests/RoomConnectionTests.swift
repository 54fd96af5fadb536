import EmojiArtCollabTestSupport
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

/// Shared windows' consumers over `InMemoryRelay` (C3, C6): the document of each, its bridge and
/// its `RoomConnection`, pumped by the test's wake.
@MainActor
@Suite struct RoomConnectionTests {
    @MainActor
    final class Window {
        let document: EmojiArtDocument
        let connection: RoomConnection
        let wake = HeldWake()
        var statusChanges = 0

        @MainActor
        init(relay: InMemoryRelay, sharing model: EmojiArtModel?, seed: UInt64) throws {
            let room = SharedRoom(server: "memory", room: "room-0001")
            document = EmojiArtDocument(model: model ?? EmojiArtModel())
            let session = try SyncSession(
                room: room.room, journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: seed))
            let bridge =
                model == nil
                ? CollabDocumentBridge(document: document, session: session, room: room)
                : try CollabDocumentBridge.share(document, session: session, room: room)
            connection = RoomConnection(link: relay.link(room: room.room), bridge: bridge, wake: wake.wake)
            bridge.publishBlobs()
            connection.onStatusChange = { [unowned self] in statusChanges += 1 }
        }

        var texts: [String] { document.model.emojis.map(\.text) }
    }

    private static func model() -> EmojiArtModel {
        var model = EmojiArtModel()
        model.addEmoji("😀", at: DocumentPoint(x: 0, y: 0), size: 40)
        model.addEmoji("🐶", at: DocumentPoint(x: 100, y: 50), size: 20)
        return model
    }

    @Test("two windows' edits converge through their links; each reports connected with nothing waiting")
    func converge() async throws {
        let relay = InMemoryRelay()
        relay.createRoom("room-0001")
        let ann = try Window(relay: relay, sharing: Self.model(), seed: 1)
        let bob = try Window(relay: relay, sharing: nil, seed: 2)
        #expect(await ann.wake.pump { ann.connection.status == .connected && ann.connection.pendingCount == 0 })
        #expect(await bob.wake.pump { bob.texts == ["😀", "🐶"] })
        #expect(bob.connection.status == .connected)
        bob.document.addEmoji("🌲", at: .zero, size: 30)
        ann.document.moveEmojis([1], by: DocumentVector(dx: 5, dy: 5))
        #expect(await ann.wake.pump { ann.texts == ["😀", "🐶", "🌲"] && ann.connection.pendingCount == 0 })
        #expect(await bob.wake.pump { bob.document.model.emojis.first?.position == DocumentPoint(x: 5, y: 5) })
        #expect(ann.statusChanges > 0)
        ann.connection.close()
        bob.connection.close()
        #expect(!ann.document.isShared)
    }

    @Test("whatever arrived between two frames is applied as one batch: one change for many ops")
    func oneBatchPerFrame() async throws {
        let relay = InMemoryRelay()
        relay.createRoom("room-0001")
        let ann = try Window(relay: relay, sharing: Self.model(), seed: 3)
        let bob = try Window(relay: relay, sharing: nil, seed: 4)
        #expect(await ann.wake.pump { ann.connection.status == .connected })
        #expect(await bob.wake.pump { bob.texts.count == 2 })
        for index in 0..<40 { ann.document.addEmoji("🌲", at: DocumentPoint(x: Double(index), y: 0), size: 30) }
        #expect(await ann.wake.pump { ann.connection.pendingCount == 0 })
        // All 40 broadcasts are in Bob's stream; the reader takes them all in before one drain.
        try await waitUntil("bob's reader holds the 40 broadcasts", timeout: .seconds(60)) { bob.connection.queuedEventCount >= 40 }
        var changes = 0
        bob.document.onChange = { if $0.contains(.emojis) { changes += 1 } }
        bob.wake.run()
        #expect(bob.texts.count == 42)
        #expect(changes == 1)
    }

    @Test("offline: edits wait (counted) while the relay is down and arrive after it restarts")
    func offline() async throws {
        let relay = InMemoryRelay()
        relay.createRoom("room-0001")
        let ann = try Window(relay: relay, sharing: Self.model(), seed: 5)
        let bob = try Window(relay: relay, sharing: nil, seed: 6)
        #expect(await ann.wake.pump { ann.connection.status == .connected })
        #expect(await bob.wake.pump { bob.texts.count == 2 })
        relay.stop()
        #expect(await bob.wake.pump { if case .offline = bob.connection.status { true } else { false } })
        bob.document.addEmoji("🌲", at: .zero, size: 30)
        bob.document.deleteEmojis([1])
        #expect(bob.connection.pendingCount == 2)
        relay.start()
        #expect(await bob.wake.pump { bob.connection.status == .connected && bob.connection.pendingCount == 0 })
        #expect(await ann.wake.pump { ann.texts == ["🐶", "🌲"] })
    }
}
