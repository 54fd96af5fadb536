import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import Foundation
import Testing

/// `RoomEntry`: the decisions Share…, Join…, a reopened shared file, `emojiart share` and
/// `emojiart join` take alike (C2, C8, C10), against a relay that answers as it is told.
@Suite struct RoomEntryTests {
    static let server = "ws://relay.example:7447"

    /// A link whose `createRoom` answers with `refusal` (nil: made).
    final class ScriptedLink: RelayLink {
        let refusal: RelayLinkError?
        let events = AsyncStream<RelayLinkEvent> { $0.finish() }

        init(refusal: RelayLinkError?) {
            self.refusal = refusal
        }

        func send(_ message: ClientMessage) {}
        func createRoom(_ registration: RoomRegistration) async throws {
            if let refusal { throw refusal }
        }
        func putBlob(_ data: Data) async throws -> String { "" }
        func blob(_ sha256: String) async throws -> Data { Data() }
        func close() {}
    }

    /// The create tokens the links were made with, in order.
    final class SentTokens: @unchecked Sendable {
        private let lock = NSLock()
        private var tokens: [String?] = []
        var all: [String?] { lock.withLock { tokens } }
        func add(_ token: String?) { lock.withLock { tokens.append(token) } }
    }

    static func withEntry(refusal: RelayLinkError? = nil, _ body: (RoomEntry, SentTokens) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("room-entry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sent = SentTokens()
        let entry = RoomEntry(storage: CollabStorage(locations: StorageLocations(dataDirectory: folder, stateDirectory: folder))) {
            _, token in
            sent.add(token)
            return ScriptedLink(refusal: refusal)
        }
        try await body(entry, sent)
    }

    @Test("a new room has a fresh id and key on the relay named")
    func newRoom() {
        let one = RoomEntry.newRoom(on: Self.server)
        let two = RoomEntry.newRoom(on: Self.server)
        #expect(one.server == Self.server && one.key != nil)
        #expect(one.room != two.room && one.key != two.key)
    }

    @Test("a room made with a token keeps it for its relay, and the next room there sends it unasked (C8)")
    func tokenKeptOnceItWorked() async throws {
        try await Self.withEntry { entry, sent in
            #expect(await entry.createRoom(at: RoomEntry.newRoom(on: Self.server), token: "typed-1") == .created)
            #expect(entry.storage.relayTokens.token(for: Self.server) == "typed-1")
            #expect(await entry.createRoom(at: RoomEntry.newRoom(on: Self.server)) == .created)
            #expect(await entry.createRoom(at: RoomEntry.newRoom(on: "ws://other.example:7447")) == .created)
            #expect(sent.all == ["typed-1", "typed-1", nil], "a token goes only to its own relay")
        }
    }

    @Test(
        "a relay that wants a token: asked for when none was sent, said rejected when one was, and a refused token is not kept",
        arguments: [RelayLinkError.tokenRequired(server: server), .tokenRejected(server: server)])
    func tokenRefused(refusal: RelayLinkError) async throws {
        try await Self.withEntry(refusal: refusal) { entry, _ in
            let address = RoomEntry.newRoom(on: Self.server)
            #expect(await entry.createRoom(at: address) == .needsToken(rejected: false, reason: refusal.description))
            #expect(await entry.createRoom(at: address, token: "wrong") == .needsToken(rejected: true, reason: refusal.description))
            #expect(entry.storage.relayTokens.token(for: Self.server) == nil)
        }
    }

    @Test("any other refusal is said as it is, to try again")
    func otherRefusal() async throws {
        let full = RelayLinkError.relayFull(server: Self.server)
        try await Self.withEntry(refusal: full) { entry, _ in
            #expect(await entry.createRoom(at: RoomEntry.newRoom(on: Self.server), token: "t") == .failed(reason: full.description))
            #expect(entry.storage.relayTokens.token(for: Self.server) == nil)
        }
    }

    @Test("join: a link with the kept key, or a room without one, joins; another key needs the person's say-so (C10)")
    func joiningChecksTheKeptKey() async throws {
        try await Self.withEntry { entry, _ in
            let link = RoomEntry.newRoom(on: Self.server)
            #expect(try entry.joining(link) == .join)
            try entry.storage.keys.save(try #require(link.key), for: link.room, relay: link.server)
            #expect(try entry.joining(link) == .join)
            let forged = RoomLink(server: link.server, room: link.room, key: RoomKey.random().text)
            #expect(try entry.joining(forged) == .replacesKeptKey)
            #expect(throws: CollabError.linkWithoutKey) { try entry.joining(RoomLink(server: link.server, room: link.room, key: nil)) }
        }
    }

    @Test("a reopened shared file: offline without its key, or with its key kept for another relay; asks before a relay never used")
    func reopening() async throws {
        try await Self.withEntry { entry, _ in
            let link = RoomEntry.newRoom(on: Self.server)
            let room = SharedRoom(server: link.server, room: link.room)
            #expect(entry.reopening(room) == .offline(reason: CollabError.noKeyForSharedDocument(server: link.server).description))
            try entry.storage.keys.save(try #require(link.key), for: link.room, relay: link.server)
            #expect(entry.reopening(room) == .askFirst(link))
            try entry.storage.knownRelays.remember(link.server)
            #expect(entry.reopening(room) == .connect(link))
            let moved = SharedRoom(server: "ws://elsewhere.example:7447", room: link.room)
            #expect(
                entry.reopening(moved)
                    == .offline(
                        reason: CollabError.keyForAnotherRelay(room: link.room, kept: link.server, named: moved.server).description))
        }
    }
}
