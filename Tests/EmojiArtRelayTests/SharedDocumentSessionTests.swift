import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCollabTestSupport
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

/// The document-in-a-room use case without widgets (C5): two windows' sessions through the
/// in-memory relay, presence paced on a clock of the test's own.
@MainActor
@Suite(.scratchFolder) struct SharedDocumentSessionTests {
    final class TestClock: @unchecked Sendable {
        var time = Duration.zero
    }

    static let key = "AAECAwQFBgcICQoLDA0ODw"
    /// The main actor is shared with every other main-actor test running in parallel, some of
    /// them long: the deadline allows for waiting behind them.
    static let patience = Duration.seconds(90)
    static let room = "presence-room-1"

    static func session(
        _ name: String, document: EmojiArtDocument, relay: InMemoryRelay, clock: TestClock, keeping: SharedDocumentSession.KeyKeeping
    ) throws -> SharedDocumentSession {
        let folder = TestScratch.folder.appendingPathComponent("shared-\(UUID().uuidString)")
        let storage = CollabStorage(locations: StorageLocations(dataDirectory: folder, stateDirectory: folder))
        return try SharedDocumentSession.start(
            document: document, address: RoomLink(server: "ws://memory", room: room, key: key), storage: storage,
            identity: (name, "#3366ff"), key: keeping, makeLink: { relay.link(room: $0.room) },
            wake: { drain in Task { @MainActor in drain() } }, now: { clock.time })
    }

    @Test("every selection change reaches the others at once; a pointer that rests between two updates still arrives where it stopped")
    func presenceFollows() async throws {
        let relay = InMemoryRelay()
        relay.createRoom(Self.room, verifier: RoomVerifier(RoomCredentials(roomKey: Base64URL.decode(Self.key)!).registration)!.stored)
        let clock = TestClock()
        let annDocument = EmojiArtDocument(
            model: EmojiArtModel(
                background: .blank,
                emojis: [
                    Emoji(id: 1, text: "🌻", position: DocumentPoint(x: 0, y: 0), size: 40),
                    Emoji(id: 2, text: "🌷", position: DocumentPoint(x: 50, y: 0), size: 40),
                ], uniqueEmojiId: 2))
        let ann = try Self.session("Ann", document: annDocument, relay: relay, clock: clock, keeping: .now)
        let bob = try Self.session("Bob", document: EmojiArtDocument(), relay: relay, clock: clock, keeping: .onceOpened(replacing: false))
        defer {
            ann.close()
            bob.close()
        }
        try await waitUntil("both are in the room", timeout: Self.patience) {
            ann.connection.status == .connected && bob.connection.status == .connected && bob.bridge.document.model.emojis.count == 2
        }
        let annID = ann.bridge.session.client
        func annAsBobSeesHer() -> Presence? { bob.bridge.presence.participants[annID] }

        // Ctrl+A: both selected, sent at once (no pointer movement needed).
        ann.selectionChanged(to: annDocument.model.emojis)
        try await waitUntil("bob sees ann's two emojis selected", timeout: Self.patience) { annAsBobSeesHer()?.selection.count == 2 }
        // Escape.
        ann.selectionChanged(to: [])
        try await waitUntil("bob sees ann's selection cleared", timeout: Self.patience) { annAsBobSeesHer()?.selection.isEmpty == true }

        clock.time += .milliseconds(100)
        ann.pointerMoved(to: DocumentPoint(x: 1, y: 1))
        try await waitUntil("bob sees ann's pointer", timeout: Self.patience) { annAsBobSeesHer()?.pointerX == 1 }
        clock.time += .milliseconds(10)
        ann.pointerMoved(to: DocumentPoint(x: 7, y: 7))  // held back: 10 ms after the last update
        clock.time += .milliseconds(30)  // the pointer rests; the trailing update's time comes
        try await waitUntil("bob sees where ann's pointer stopped", timeout: Self.patience) { annAsBobSeesHer()?.pointerX == 7 }
        #expect(annAsBobSeesHer()?.name == "Ann")
    }
}
