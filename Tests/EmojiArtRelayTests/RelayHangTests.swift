import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtTestSupport
import Foundation
import Testing

/// A hung relay (COLLAB "Faults": SIGSTOP): its sockets stay open and the kernel still accepts
/// connections, but nothing answers. The clients must notice by their ping timeout — no closed
/// socket ever tells them — keep editing into their outboxes, and after the relay resumes
/// (SIGCONT) or is replaced (kill -9 while stopped, then a restart on the same data folder)
/// deliver everything, each push once.
@Suite(.serialized) struct RelayHangTests {
    enum Recovery: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case resume = "SIGCONT"
        case killAndRestart = "kill -9 and restart"
        var testDescription: String { rawValue }
    }

    /// Pings every 300 ms (with the app's 15 s the test would wait that long), and a handshake
    /// the stopped relay never finishes is abandoned after 1 s.
    static var watchful: WebSocketRelayLink.Options {
        var options = RelayServerTests.fastRetry
        options.pingPeriod = .milliseconds(300)
        options.connectTimeout = .seconds(1)
        return options
    }

    static func add(_ text: String, x: Double, by peer: NetPeer) throws -> CollabID {
        var cid: CollabID?
        try peer.perform { session in
            let (added, messages) = try session.addEmoji(text, x: x, y: 0, size: 30)
            cid = added
            return messages
        }
        return try #require(cid)
    }

    @Test(
        "a hung relay: the clients notice by the ping timeout, journal their edits, and converge once it is back, nothing lost or doubled",
        arguments: Recovery.allCases)
    func hungRelay(recovery: Recovery) async throws {
        try await withTemporaryDirectory { folder in
            let relay = try RelayProcess()
            let address = try await RelayServerTests.makeRoom(relay)
            let annJournal = FileOutboxJournal(url: folder.appendingPathComponent("ann.outbox.json"))
            let ann = try NetPeer(
                link: WebSocketRelayLink(address: address, options: Self.watchful), room: address.room, journal: annJournal, seed: 31)
            let bob = try NetPeer(link: WebSocketRelayLink(address: address, options: Self.watchful), room: address.room, seed: 32)
            defer {
                ann.close()
                bob.close()
            }
            try await waitUntil("both are live") { ann.settled && bob.settled }
            let first = try (0..<3).map { try Self.add("🌼", x: Double($0), by: ann) }
            try await waitUntil("bob has ann's first three emojis") { ann.settled && bob.with { $0.confirmed.emojis.count } == 3 }

            relay.pause()
            // Sent at once on connections that look healthy: they sit in the stopped relay's
            // socket buffer (SIGCONT) or die with it (kill -9).
            var added = try (3..<5).map { try Self.add("🍄", x: Double($0), by: ann) }
            try await waitUntil("both noticed the hung relay by the ping timeout", timeout: .seconds(10)) {
                !ann.with(\.isLive) && !bob.with(\.isLive)
            }
            #expect(ann.events.contains { if case .disconnected = $0 { true } else { false } })
            // Offline now: kept in the outboxes only, and counted as waiting.
            added += try (5..<7).map { try Self.add("🦋", x: Double($0), by: ann) }
            try bob.perform { try $0.setFields([(first[0], .x(500))], named: "Move") }
            #expect(ann.with(\.pending.count) == 4)
            #expect(bob.with(\.pending.count) == 1)
            let journaled = try #require(try FileOutboxJournal(url: annJournal.url).load())
            #expect(journaled.pending.map(\.cseq) == ann.with { $0.pending.map(\.cseq) }, "every waiting edit is on disk")

            switch recovery {
            case .resume:
                relay.resume()
            case .killAndRestart:
                relay.kill9()
                try relay.start()
            }
            let total = 3 + 4 + 1
            try await waitUntil("both delivered everything and applied everyone's edits") {
                ann.settled && bob.settled && ann.with(\.confirmedSeq) == total && bob.with(\.confirmedSeq) == total
            }
            #expect(ann.with(\.shown) == bob.with(\.shown))
            #expect(Set(ann.with { $0.shown.emojis.keys }) == Set(first + added))
            #expect(ann.with { $0.shown.emojis[first[0]]?.x.value } == 500, "bob's offline move arrived")
            #expect(try FileOutboxJournal(url: annJournal.url).load()?.pending.isEmpty == true)
            let log = try RelayServerTests.logLines(relay, room: address.room)
            #expect(log.map(\.seq) == Array(1...total))
            #expect(Set(log.map { "\($0.client.description) \($0.cseq)" }).count == total, "no push stored twice")
        }
    }
}
