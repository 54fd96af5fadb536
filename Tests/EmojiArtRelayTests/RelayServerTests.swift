import Crypto
import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCollabTestSupport
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The relay on real sockets (SPEC C1): the `emojiart-relay` binary on 127.0.0.1, driven by
/// `WebSocketRelayLink`s and raw WebSockets.
@Suite(.serialized) struct RelayServerTests {
    /// A new room on `relay` for the holders of `key` (`PlainSealer`'s by default); its link.
    static func makeRoom(_ relay: RelayProcess, key: String = PlainSealer.testKeyText) async throws -> RoomLink {
        let address = RoomLink(server: relay.server, room: RoomLink.randomRoomID(), key: key)
        let link = WebSocketRelayLink(address: address)
        defer { link.close() }
        try await link.createRoom(try RoomKey(text: key).credentials.registration)
        return address
    }

    static func peer(_ address: RoomLink, seed: UInt64, journal: OutboxJournal = InMemoryOutboxJournal()) throws -> NetPeer {
        try NetPeer(link: WebSocketRelayLink(address: address, options: fastRetry), room: address.room, journal: journal, seed: seed)
    }

    static var fastRetry: WebSocketRelayLink.Options {
        var options = WebSocketRelayLink.Options()
        options.backoff = Backoff(first: .milliseconds(20), maximum: .milliseconds(200))
        return options
    }

    static func logLines(_ relay: RelayProcess, room: String) throws -> [SequencedPush] {
        let data = try Data(contentsOf: relay.dataFolder.appendingPathComponent("rooms/\(room)/log.jsonl"))
        return try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(SequencedPush.self, from: Data($0)) }
    }

    @Test("a push is acknowledged to its sender, broadcast to the others, and in the log on disk")
    func pushAckBroadcast() async throws {
        let relay = try RelayProcess()
        let address = try await Self.makeRoom(relay)
        let ann = try Self.peer(address, seed: 1)
        let bob = try Self.peer(address, seed: 2)
        try await waitUntil("both are live") { ann.settled && bob.settled }
        try ann.perform { try $0.addEmoji("🐶", x: 1, y: 2, size: 30).1 }
        let cid = try #require(ann.with { $0.shown.emojis.keys.first })
        try await waitUntil("ann's push is acknowledged") { ann.settled }
        try await waitUntil("bob shows ann's emoji") { bob.with { $0.shown.emojis[cid] != nil } }
        #expect(ann.with(\.shown) == bob.with(\.shown))
        let log = try Self.logLines(relay, room: address.room)
        #expect(log.map(\.seq) == [1])
        #expect(log.first?.cseq == 1)
    }

    @Test("a resent push is applied once, on one connection or after reconnecting; welcome says what is acknowledged")
    func resendIdempotent() async throws {
        let relay = try RelayProcess()
        let address = try await Self.makeRoom(relay)
        let client = ClientID("resender01")!
        let hello = ClientMessage.Hello(room: address.room, client: client, lastSeq: 0, epoch: nil)
        let secret = RawSocket.secret()
        let push = try RawSocket.signedPush(cseq: 1, payload: .plain(.ops([])), room: address.room, client: client)
        let first = try await RawSocket.asMember(address.webSocketURL, hello: hello, secret: secret, then: [push, push, push]) { received in
            received.contains { if case .op = $0 { true } else { false } }
        }
        #expect(first.compactMap { if case .op(let op) = $0 { op.seq } else { nil } } == [1])
        let again = try await RawSocket.asMember(
            address.webSocketURL, hello: hello, secret: secret, then: [push, try RawSocket.text(.ping)]
        ) { received in
            received.contains(.pong)
        }
        guard case .welcome(let welcome)? = again.first else {
            Issue.record("no welcome: \(again)")
            return
        }
        #expect(welcome.ackedCseq == 1)
        #expect(welcome.seq == 1)
        #expect(!again.contains { if case .op = $0 { true } else { false } }, "the resend after reconnecting made no new op")
        #expect(try Self.logLines(relay, room: address.room).count == 1)
    }

    @Test("a reconnecting replica asks from its lastSeq and gets only what it missed")
    func reconnectWithLastSeq() async throws {
        let relay = try RelayProcess()
        let address = try await Self.makeRoom(relay)
        let ann = try Self.peer(address, seed: 3)
        try await waitUntil("ann is live") { ann.settled }
        for index in 0..<5 {
            try ann.perform { try $0.addEmoji("🌲", x: Double(index), y: 0, size: 20).1 }
        }
        try await waitUntil("five pushes acknowledged") { ann.settled && ann.with(\.confirmedSeq) == 5 }
        let hello = ClientMessage.Hello(room: address.room, client: ClientID("late0001")!, lastSeq: 3, epoch: ann.with(\.epoch))
        let answer = try await RawSocket.asMember(address.webSocketURL, hello: hello) { !$0.isEmpty }
        guard case .welcome(let welcome)? = answer.first else {
            Issue.record("no welcome: \(answer)")
            return
        }
        #expect(welcome.ops.map(\.seq) == [4, 5])
        #expect(welcome.snapshot == nil)
    }

    @Test("kill -9 while pushes stream in: every acknowledged op is there after a restart on the same data folder, then everything, once")
    func killNineLosesNothingAcknowledged() async throws {
        let relay = try RelayProcess()
        let address = try await Self.makeRoom(relay)
        let journal = InMemoryOutboxJournal()
        let ann = try Self.peer(address, seed: 4, journal: journal)
        try await waitUntil("ann is live") { ann.settled }
        let total = 300
        var killedAt = -1
        for index in 0..<total {
            try ann.perform { try $0.addEmoji("☀️", x: Double(index), y: 0, size: 20).1 }
            if index == 150 {
                try await waitUntil("some pushes acknowledged") { ann.with(\.confirmedSeq) > 20 }
                relay.kill9()
                killedAt = index
            }
        }
        #expect(killedAt == 150)
        // What ann saw acknowledged before the kill (the link is down now: nothing changes it).
        try await waitUntil("ann saw the relay go") { !ann.with(\.isLive) }
        let acknowledged = ann.with(\.confirmedSeq)
        let ackedCids = Set(ann.with { $0.confirmed.emojis.keys })
        #expect(acknowledged > 0)
        ann.close()

        try relay.start()
        let observer = try await RawSocket.asMember(
            address.webSocketURL, hello: .init(room: address.room, client: ClientID("observer1")!, lastSeq: 0, epoch: nil)
        ) { !$0.isEmpty }
        guard case .welcome(let welcome)? = observer.first else {
            Issue.record("no welcome: \(observer)")
            return
        }
        #expect(welcome.seq >= acknowledged, "no acknowledged op lost: the relay has \(welcome.seq), ann saw \(acknowledged) acknowledged")
        var replay = CollabState()
        for push in welcome.ops {
            if case .plain(let content) = push.payload, let ops = content.pushedOps { replay.apply(ops, from: push.client) }
        }
        #expect(ackedCids.isSubset(of: Set(replay.emojis.keys)))

        // Ann comes back with her outbox: the rest arrives, each push once.
        let again = try NetPeer(
            link: WebSocketRelayLink(address: address, options: Self.fastRetry), room: address.room, journal: journal, seed: 4)
        try await waitUntil("ann's outbox is empty") { again.settled }
        #expect(again.with { $0.confirmed.emojis.count } == total)
        let log = try Self.logLines(relay, room: address.room)
        #expect(log.count == total)
        #expect(Set(log.map(\.cseq)).count == total, "no push twice")
        #expect(log.map(\.seq) == Array(1...total))
    }

    @Test("one relay a data folder: a second one on it does not start; after a kill -9 the folder is free again")
    func oneRelayPerFolder() throws {
        let relay = try RelayProcess()
        #expect(throws: RelayProcessError.self) { try RelayProcess(dataFolder: relay.dataFolder) }
        relay.kill9()
        let successor = try RelayProcess(dataFolder: relay.dataFolder)
        #expect(successor.port > 0)
    }

    @Test("the relay’s data is wiped: a new epoch, and the clients push their state again")
    func epochChange() async throws {
        let relay = try RelayProcess()
        let address = try await Self.makeRoom(relay)
        let ann = try Self.peer(address, seed: 5)
        try await waitUntil("ann is live") { ann.settled }
        try ann.perform { try $0.addEmoji("🐻‍❄️", x: 0, y: 0, size: 20).1 }
        try ann.perform { try $0.addEmoji("😀", x: 9, y: 9, size: 20).1 }
        try await waitUntil("acknowledged") { ann.settled && ann.with(\.confirmedSeq) == 2 }
        let oldEpoch = ann.with(\.epoch)
        relay.kill9()
        try FileManager.default.removeItem(at: relay.dataFolder)
        try relay.start()
        // A hello never makes a room (C10); a replica that was in it makes it again with its
        // verifier, as the app's RoomConnection does on `badRoom`.
        try await waitUntil("ann is refused: no such room") { ann.with { $0.lastProblem?.contains("no such room") == true } }
        let link = WebSocketRelayLink(address: address)
        try await link.createRoom(PlainSealer.testCredentials.registration)
        link.close()
        // Ann's connection stays after the refusal; a restart makes her say hello again.
        relay.kill9()
        try relay.start()
        try await waitUntil("ann is live in a new epoch with her state pushed again") {
            ann.settled && ann.with(\.epoch) != oldEpoch && ann.with { $0.confirmed.emojis.count } == 2
        }
        let bob = try Self.peer(address, seed: 6)
        try await waitUntil("bob sees ann's emojis") { bob.settled && bob.with { $0.shown.emojis.count } == 2 }
        #expect(bob.with(\.shown) == ann.with(\.shown))
    }

    @Test(
        "bad input is answered with error messages and the connection stays: oversize, not JSON, push before hello, no such room, no room made by a hello"
    )
    func errorsAsMessages() async throws {
        let relay = try RelayProcess()
        let address = try await Self.makeRoom(relay)
        let client = ClientID("errors01")!
        let big = try RawSocket.text(.push(.init(cseq: 1, payload: .sealed(String(repeating: "A", count: 5 * 1024 * 1024)))))
        let answers = try await RawSocket.exchange(
            address.webSocketURL,
            frames: [
                try RawSocket.text(.push(.init(cseq: 1, payload: .plain(.ops([]))))),
                "not json",
                try RawSocket.text(.hello(.init(room: address.room, client: client, lastSeq: 0, epoch: nil))),
                big,
                try RawSocket.text(.ping),
            ]
        ) { $0.contains(.pong) }
        let codes = answers.compactMap { if case .error(let error) = $0 { error.code } else { nil } }
        #expect(codes == [.badMessage, .badMessage, .tooLarge])
        #expect(answers.contains { if case .challenge = $0 { true } else { false } })
        #expect(!answers.contains { if case .welcome = $0 { true } else { false } }, "no welcome without a proof")
        let logPath = relay.dataFolder.appendingPathComponent("rooms/\(address.room)/log.jsonl").path
        let stored = FileManager.default.fileExists(atPath: logPath) ? try Self.logLines(relay, room: address.room) : []
        #expect(stored.isEmpty, "the oversize push was not stored")

        let nowhere = RoomLink(server: relay.server, room: "nowhere-room", key: nil)
        // A hello that knows an epoch does not make the room either (C10: only PUT /room does).
        let refused = try await RawSocket.exchange(
            nowhere.webSocketURL,
            frames: [
                try RawSocket.text(.hello(.init(room: nowhere.room, client: client, lastSeq: 4, epoch: "some-epoch")))
            ]
        ) { !$0.isEmpty }
        guard case .error(let error)? = refused.first else {
            Issue.record("no error: \(refused)")
            return
        }
        #expect(error.code == .badRoom)
        #expect(!FileManager.default.fileExists(atPath: relay.dataFolder.appendingPathComponent("rooms/nowhere-room").path))
    }

    @Test("blobs: stored under their hash, refused under another name, missing ones said so")
    func blobs() async throws {
        let relay = try RelayProcess()
        let address = try await Self.makeRoom(relay)
        let link = WebSocketRelayLink(address: address)
        defer { link.close() }
        let image = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let name = try await link.putBlob(image)
        #expect(name == SHA256.hex(image))
        #expect(try await link.blob(name) == image)
        #expect(FileManager.default.fileExists(atPath: relay.dataFolder.appendingPathComponent("blobs/\(name)").path))

        let wrongName = String(repeating: "ab", count: 32)
        var request = URLRequest(url: URL(string: address.httpBase + "/blob/\(wrongName)")!)
        request.httpMethod = "PUT"
        request.httpBody = Data("not the image".utf8)
        // A member's upload, with its say-so: refused for its bytes.
        request.setValue(address.room, forHTTPHeaderField: "X-EmojiArt-Room")
        let signature = PlainSealer.testCredentials.sign(Signed.blob(room: address.room, name: wrongName)) ?? ""
        request.setValue("EmojiArt-Edit \(signature)", forHTTPHeaderField: "Authorization")
        let (body, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(String(decoding: body, as: UTF8.self).contains("hash to"))
        #expect(!FileManager.default.fileExists(atPath: relay.dataFolder.appendingPathComponent("blobs/\(wrongName)").path))
        await #expect(throws: RelayLinkError.blobNotFound(sha256: wrongName)) { try await link.blob(wrongName) }
    }
}

/// The relay never sees plaintext (C7): two encrypted sessions edit through a real relay, and its
/// data folder holds no emoji, no field name, only ciphertext.
@Suite struct RelayPrivacyTests {
    @Test("an encrypted room: the peers converge, the relay’s files contain no emoji text")
    func relaySeesCiphertextOnly() async throws {
        let relay = try RelayProcess()
        let key = RoomKey.random()
        let address = try await RelayServerTests.makeRoom(relay, key: key.text)
        let ann = try NetPeer(link: WebSocketRelayLink(address: address), room: address.room, sealer: AESGCMSealer(key: key), seed: 11)
        let bob = try NetPeer(link: WebSocketRelayLink(address: address), room: address.room, sealer: AESGCMSealer(key: key), seed: 12)
        try await waitUntil("both are live") { ann.settled && bob.settled }
        try ann.perform { try $0.addEmoji("🦊", x: 10, y: 10, size: 40).1 }
        try bob.perform { try $0.addEmoji("🐙", x: 20, y: 20, size: 40).1 }
        try ann.perform { try $0.setBackground(.url("https://example.com/secret-meadow.jpg")) }
        try await waitUntil("both converged on three changes") {
            ann.settled && bob.settled && ann.with(\.confirmedSeq) == 3 && bob.with(\.confirmedSeq) == 3
        }
        #expect(ann.with(\.shown) == bob.with(\.shown))
        #expect(ann.with { $0.shown.emojis.count } == 2)
        // A snapshot is taken only at a compaction point, from the member whose edit landed
        // there (C10): ann moves her emoji until the room's thousandth edit, which is hers.
        let fox = try #require(ann.with { $0.shown.emojis.first { $0.value.text.value == "🦊" }?.key })
        for step in 4...CollabProtocol.compactionInterval {
            try ann.perform { try $0.setFields([(fox, .x(Double(step)))], named: "Move") }
        }
        try await waitUntil("the snapshot is stored", timeout: .seconds(60)) {
            FileManager.default.fileExists(atPath: relay.dataFolder.appendingPathComponent("rooms/\(address.room)/snapshot.json").path)
        }
        var stored = Data()
        for file in ["log.jsonl", "snapshot.json"] {
            stored.append(try Data(contentsOf: relay.dataFolder.appendingPathComponent("rooms/\(address.room)/\(file)")))
        }
        let text = String(decoding: stored, as: UTF8.self)
        #expect(!text.isEmpty)
        for secret in ["🦊", "🐙", "\\ud83e", "secret-meadow", "\"text\"", "\"x\""] {
            #expect(!text.contains(secret), "the relay stored “\(secret)”")
        }
        #expect(text.contains("\"sealed\""))
    }
}
