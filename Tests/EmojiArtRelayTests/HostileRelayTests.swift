import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtTestSupport
import Foundation
import NIOCore
import Testing

/// A relay gone wrong never crashes a client or changes its document (C8, C10): garbage, binary
/// frames, huge frames, absurd numbers, a relay that accepts and closes at once or never
/// answers — the client says why, leaves the connection, and tries again ever more slowly.
@Suite struct HostileRelayTests {
    static func peer(_ relay: FakeRelay, welcomeTimeout: Duration = .seconds(15)) throws -> NetPeer {
        var options = WebSocketRelayLink.Options()
        options.welcomeTimeout = welcomeTimeout
        let address = RoomLink(server: relay.server, room: "hostile-room", key: nil)
        let peer = try NetPeer(link: WebSocketRelayLink(address: address, options: options), room: address.room, seed: 41)
        // An edit of its own, waiting: nothing the relay does may lose or change it.
        try peer.perform { try $0.addEmoji("🦔", x: 1, y: 2, size: 30).1 }
        return peer
    }

    static func disconnectReasons(_ peer: NetPeer) -> [String] {
        peer.events.compactMap { if case .disconnected(let reason) = $0 { reason } else { nil } }
    }

    static func expectUntouched(_ peer: NetPeer, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(peer.with(\.pending).count == 1, "the waiting edit is still there", sourceLocation: sourceLocation)
        #expect(peer.with { $0.shown.emojis.values.map(\.text.value) } == ["🦔"], sourceLocation: sourceLocation)
        let live = peer.with(\.isLive)
        #expect(!live, sourceLocation: sourceLocation)
    }

    @Test("garbage and binary frames end the connection with a sentence; nothing reaches the document")
    func garbage() async throws {
        let relay = try await FakeRelay.start { inbound, outbound in
            var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            _ = try await FakeRelay.awaitHello(&frames)
            try await outbound.write(.text("{\"type\":\"welcome\",\"seq\":\"lots\""))
            try await outbound.write(.binary(ByteBuffer(bytes: [0, 1, 2, 3])))
            try await FakeRelay.drain(&frames)
        }
        defer { relay.stop() }
        let peer = try Self.peer(relay)
        try await waitUntil("the client left the garbage", timeout: .seconds(60)) {
            Self.disconnectReasons(peer).contains { $0.contains("not EmojiArt’s protocol") }
        }
        Self.expectUntouched(peer)
        peer.close()
    }

    @Test("a frame larger than the client reads ends the connection, and the client stays whole")
    func hugeFrame() async throws {
        let relay = try await FakeRelay.start { inbound, outbound in
            var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            _ = try await FakeRelay.awaitHello(&frames)
            try await outbound.write(.text(String(repeating: "x", count: 9 * 1_048_576)))
            try await FakeRelay.drain(&frames)
        }
        defer { relay.stop() }
        let peer = try Self.peer(relay)
        try await waitUntil("the client left the huge frame", timeout: .seconds(60)) { !Self.disconnectReasons(peer).isEmpty }
        Self.expectUntouched(peer)
        peer.close()
    }

    @Test("absurd numbers in a welcome and an op are refused with a sentence, never a trap")
    func absurdNumbers() async throws {
        let relay = try await FakeRelay.start { inbound, outbound in
            var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            _ = try await FakeRelay.awaitHello(&frames)
            try await FakeRelay.send(.welcome(.init(epoch: "e", seq: Int.max, ackedCseq: Int.max, snapshot: nil, ops: [])), on: outbound)
            try await FakeRelay.send(.op(.init(seq: Int.max, client: ClientID("eve")!, cseq: -1, payload: .plain(.ops([])))), on: outbound)
            try await FakeRelay.drain(&frames)
        }
        defer { relay.stop() }
        let peer = try Self.peer(relay)
        try await waitUntil("the client said what was wrong", timeout: .seconds(60)) {
            peer.with(\.lastProblem)?.contains("out of range") == true
        }
        Self.expectUntouched(peer)
        peer.close()
    }

    @Test("a relay that accepts and closes at once is retried ever more slowly, not hundreds of times")
    func acceptAndClose() async throws {
        let relay = try await FakeRelay.start { _, outbound in
            try await outbound.close(.normalClosure, reason: nil)
        }
        defer { relay.stop() }
        let peer = try Self.peer(relay)
        try await waitUntil("it tries again", timeout: .seconds(60)) { relay.connections >= 2 }
        let before = relay.connections
        try await Task.sleep(for: .seconds(3))
        // Backoff doubling from 0.1 s: a handful of tries in 3 s, fewer the longer it goes on
        // (a client retrying every 0.1 s would make ~30).
        #expect(relay.connections - before <= 8, "\(relay.connections - before) connections in 3 s")
        Self.expectUntouched(peer)
        peer.close()
    }

    @Test("a relay that accepts and never answers is left after the welcome's deadline, with a sentence")
    func neverAnswers() async throws {
        let relay = try await FakeRelay.start { inbound, _ in
            var frames = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
            try await FakeRelay.drain(&frames)
        }
        defer { relay.stop() }
        let peer = try Self.peer(relay, welcomeTimeout: .seconds(1))
        try await waitUntil("the client gave up on the silent relay", timeout: .seconds(60)) {
            Self.disconnectReasons(peer).contains { $0.contains("did not answer within 1 s") }
        }
        Self.expectUntouched(peer)
        peer.close()
    }
}
