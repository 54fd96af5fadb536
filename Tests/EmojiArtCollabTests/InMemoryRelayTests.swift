import Crypto
import EmojiArtCollabTestSupport
import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

/// The transport contract (`RelayLink`) over `InMemoryRelay`: sessions driven through links as
/// the app's consumer drives them (`SyncSession.handle`).
@Suite struct InMemoryRelayTests {
    /// A session and its link, pumped by the test: each event is handled as the app's consumer
    /// does and the answers sent back.
    final class Peer {
        let session: SyncSession
        let link: InMemoryRelayLink
        private var iterator: AsyncStream<RelayLinkEvent>.Iterator
        private(set) var disconnects = 0

        init(relay: InMemoryRelay, room: String, seed: UInt64, sealer: PayloadSealer = PlainSealer()) throws {
            session = try SyncSession(room: room, journal: InMemoryOutboxJournal(), sealer: sealer, random: SeededRandom(seed: seed))
            link = relay.link(room: room)
            iterator = link.events.makeAsyncIterator()
        }

        /// Handles events until `done` holds; every event the in-memory relay sends is already
        /// in the stream, so a condition that never holds ends with the stream (close).
        func pump(until done: () -> Bool) async throws {
            while !done() {
                guard let event = await iterator.next() else { return }
                if case .disconnected = event { disconnects += 1 }
                for message in try session.handle(event) { link.send(message) }
            }
        }

        func send(_ messages: [ClientMessage]) {
            for message in messages { link.send(message) }
        }

        var settled: Bool { session.isLive && session.pending.isEmpty }
    }

    @Test("two sessions converge through links; a push is acknowledged and broadcast")
    func converge() async throws {
        let relay = InMemoryRelay()
        relay.createRoom("room-0001")
        let ann = try Peer(relay: relay, room: "room-0001", seed: 1)
        let bob = try Peer(relay: relay, room: "room-0001", seed: 2)
        try await ann.pump { ann.session.isLive }
        try await bob.pump { bob.session.isLive }
        let (cid, messages) = try ann.session.addEmoji("🐶", x: 10, y: 20, size: 40)
        ann.send(messages)
        try await ann.pump { ann.settled }
        try await bob.pump { bob.session.shown.emojis[cid] != nil }
        #expect(bob.session.shown == ann.session.shown)
        #expect(relay.room("room-0001")?.durableSeq == 1)
    }

    @Test("edits made while the relay is down arrive after it restarts; a crash loses nothing acknowledged")
    func outage() async throws {
        let relay = InMemoryRelay()
        relay.createRoom("room-0002")
        let ann = try Peer(relay: relay, room: "room-0002", seed: 3)
        let bob = try Peer(relay: relay, room: "room-0002", seed: 4)
        try await ann.pump { ann.session.isLive }
        try await bob.pump { bob.session.isLive }
        let (acknowledged, first) = try ann.session.addEmoji("🌲", x: 0, y: 0, size: 40)
        ann.send(first)
        try await ann.pump { ann.settled }

        relay.autoCommit = false
        let (unsynced, second) = try ann.session.addEmoji("☀️", x: 5, y: 5, size: 40)
        ann.send(second)
        relay.stop(crash: true)
        try await ann.pump { !ann.session.isLive }
        try await bob.pump { !bob.session.isLive }
        let (offline, third) = try bob.session.addEmoji("🐻‍❄️", x: 9, y: 9, size: 40)
        #expect(third.isEmpty, "nothing is sent while offline")
        relay.autoCommit = true
        relay.start()
        try await ann.pump { ann.settled }
        try await bob.pump { bob.settled && bob.session.shown.emojis[unsynced] != nil }
        try await ann.pump { ann.session.shown.emojis[offline] != nil }
        #expect(ann.session.shown == bob.session.shown)
        #expect(Set(ann.session.shown.emojis.keys) == [acknowledged, unsynced, offline])
        #expect(relay.room("room-0002")?.durableSeq == 3)
    }

    @Test("after a reconnect the link passes nothing before the hello: a stale push is dropped, then resent")
    func helloFirst() async throws {
        let relay = InMemoryRelay()
        relay.createRoom("room-0003")
        let ann = try Peer(relay: relay, room: "room-0003", seed: 5)
        try await ann.pump { ann.session.isLive }
        relay.dropConnections()
        // The session has not seen the drop yet: it still believes it is live and sends.
        let (cid, messages) = try ann.session.addEmoji("😀", x: 0, y: 0, size: 40)
        #expect(!messages.isEmpty)
        ann.send(messages)
        #expect(relay.room("room-0003")?.seq == 0, "dropped: the new connection has no hello yet")
        try await ann.pump { ann.disconnects == 1 && ann.settled }
        #expect(relay.room("room-0003")?.durableLog.count == 1)
        #expect(ann.session.confirmed.emojis[cid] != nil)
    }

    @Test("a link to a room that does not exist is refused with badRoom")
    func unknownRoom() async throws {
        let relay = InMemoryRelay()
        let ann = try Peer(relay: relay, room: "nowhere-1", seed: 6)
        try await ann.pump { ann.session.lastProblem != nil }
        #expect(ann.session.lastProblem?.contains("no such room") == true)
        #expect(!ann.session.isLive)
        try await ann.link.createRoom(PlainSealer.testCredentials.registration)
        relay.dropConnections()
        try await ann.pump { ann.session.isLive }
    }

    @Test("blobs are stored under their SHA-256; an unknown one is an error a person can act on")
    func blobs() async throws {
        let relay = InMemoryRelay()
        let link = relay.link(room: "room-0004")
        let data = Data("a background".utf8)
        let name = try await link.putBlob(data)
        #expect(name == SHA256.hex(data))
        #expect(try await link.blob(name) == data)
        await #expect(throws: RelayLinkError.blobNotFound(sha256: String(repeating: "0", count: 64))) {
            try await link.blob(String(repeating: "0", count: 64))
        }
        link.close()
        var iterator = link.events.makeAsyncIterator()
        while await iterator.next() != nil {}
    }
}
