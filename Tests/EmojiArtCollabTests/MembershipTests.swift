import EmojiArtCollabTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

/// C10: knowing a room's id is not membership. A room host (what the relay runs) admits a
/// connection only when its proof answers the challenge with the room's access key, binds each
/// client id to its first secret, and takes nothing else from anyone who has not proved it.
@Suite struct MembershipTests {
    let member = RoomAccess(key: Array(repeating: 1, count: 32))
    let stranger = RoomAccess(key: Array(repeating: 2, count: 32))
    let ann = ClientID("ann")!
    let bob = ClientID("bob")!
    let room = "room-0001"

    func host(verifier: String?) -> RoomHost {
        var nonces = 0
        return RoomHost(room: RelayRoom(id: room, epoch: "e1", verifier: verifier)) {
            nonces += 1
            return "nonce-\(nonces)"
        }
    }

    func hello(_ client: ClientID) -> ClientMessage {
        .hello(.init(room: room, client: client, lastSeq: 0, epoch: nil))
    }

    /// Says hello on `connection` and answers the challenge with `access`; returns the answers
    /// to the proof.
    func admit(
        _ client: ClientID, on connection: RoomHost.Connection, in host: RoomHost, access: RoomAccess,
        secret: String = Base64URL.encode(Array(repeating: 9, count: 32))
    ) -> (deliveries: [RoomHost.Delivery], change: RoomHost.Change?) {
        let greeting = host.handle(hello(client), from: connection)
        guard case .challenge(let challenge)? = greeting.deliveries.first?.message else { return (greeting.deliveries, nil) }
        let proof = access.proof(nonce: challenge.nonce, room: room, client: client)
        return host.handle(
            .proof(.init(proof: proof, secret: secret, verifier: challenge.registered ? nil : access.verifier)), from: connection)
    }

    static func codes(_ deliveries: [RoomHost.Delivery]) -> [RelayError.Code] {
        deliveries.compactMap { if case .error(let error) = $0.message { error.code } else { nil } }
    }

    static func isWelcome(_ deliveries: [RoomHost.Delivery]) -> Bool {
        deliveries.contains { if case .welcome = $0.message { true } else { false } }
    }

    @Test("HMAC-SHA256 and HKDF-SHA256 give the RFC 4231 and RFC 5869 test vectors")
    func primitives() {
        let mac = HMAC.sha256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        #expect(Base64URL.encode(mac) == Base64URL.encode(Self.bytes("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")))
        let okm = HMAC.hkdf(
            inputKey: Array(repeating: 0x0b, count: 22), salt: Self.bytes("000102030405060708090a0b0c"),
            info: Self.bytes("f0f1f2f3f4f5f6f7f8f9"), length: 42)
        #expect(okm == Self.bytes("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
        let secrets = RoomSecrets(roomKey: Array(repeating: 5, count: 16))
        #expect(secrets.sealingKey.count == 16)
        #expect(secrets.access.verifier != Base64URL.encode(secrets.sealingKey + secrets.sealingKey), "the two keys are derived apart")
    }

    @Test(
        "a stranger with only the room's id: a challenge, then nothing — no welcome, no push, no snapshot, no presence, nothing of the room"
    )
    func strangerGetsNothing() {
        let host = host(verifier: member.verifier)
        let annConnection = RoomHost.Connection(1)
        #expect(Self.isWelcome(admit(ann, on: annConnection, in: host, access: member).deliveries))
        _ = host.handle(.push(.init(cseq: 1, payload: .sealed("ann's edit"))), from: annConnection)
        _ = host.commit()

        let eve = RoomHost.Connection(2)
        let refused = admit(ClientID("eve")!, on: eve, in: host, access: stranger)
        #expect(Self.codes(refused.deliveries) == [.notMember])
        #expect(!Self.isWelcome(refused.deliveries))
        for junk: ClientMessage in [
            .push(.init(cseq: 1, payload: .sealed("junk"))), .snapshot(.init(seq: 1, payload: .sealed("junk"))),
            .presence(.sealed("junk")), .preview(.sealed("junk")), .proof(.init(proof: "x", secret: "y")),
        ] {
            let answer = host.handle(junk, from: eve)
            #expect(Self.codes(answer.deliveries) == [.badMessage], "\(junk)")
            #expect(answer.change == nil)
        }
        #expect(host.room.log.count == 1)
        #expect(host.room.snapshot == nil)
        // What members do never reaches the stranger's connection.
        _ = host.handle(.push(.init(cseq: 2, payload: .sealed("ann's second"))), from: annConnection)
        let broadcast = host.commit()
        #expect(broadcast.allSatisfy { $0.to == annConnection })
        let presence = host.handle(.presence(.sealed("ann is here")), from: annConnection)
        #expect(presence.deliveries.isEmpty)
    }

    @Test("a proof answers one challenge only: replayed on another connection it is refused")
    func proofIsNotReplayable() {
        let host = host(verifier: member.verifier)
        let first = RoomHost.Connection(1)
        guard case .challenge(let challenge)? = host.handle(hello(ann), from: first).deliveries.first?.message else {
            Issue.record("no challenge")
            return
        }
        let proof = ClientMessage.proof(
            .init(
                proof: member.proof(nonce: challenge.nonce, room: room, client: ann),
                secret: Base64URL.encode(Array(repeating: 3, count: 32))))
        let second = RoomHost.Connection(2)
        _ = host.handle(hello(ann), from: second)
        #expect(Self.codes(host.handle(proof, from: second).deliveries) == [.notMember])
        #expect(Self.isWelcome(host.handle(proof, from: first).deliveries))
        // Nor for another client id on the same nonce.
        let third = RoomHost.Connection(3)
        guard case .challenge(let other)? = host.handle(hello(bob), from: third).deliveries.first?.message else { return }
        let annsProof = member.proof(nonce: other.nonce, room: room, client: ann)
        #expect(
            Self.codes(host.handle(.proof(.init(proof: annsProof, secret: "AAAAAAAAAAAAAAAAAAAAAA")), from: third).deliveries) == [
                .notMember
            ])
    }

    @Test("impersonation: another member's client id with another secret is refused, and the member's pushes still count")
    func clientIDBoundToFirstSecret() {
        let host = host(verifier: member.verifier)
        let annSecret = Base64URL.encode(Array(repeating: 4, count: 32))
        let first = admit(ann, on: .init(1), in: host, access: member, secret: annSecret)
        #expect(Self.isWelcome(first.deliveries))
        guard case .admitted(let admission)? = first.change else {
            Issue.record("no binding to persist")
            return
        }
        #expect(admission.boundSecretHash != nil)

        let impostor = admit(ann, on: .init(2), in: host, access: member, secret: Base64URL.encode(Array(repeating: 5, count: 32)))
        #expect(Self.codes(impostor.deliveries) == [.clientTaken])
        #expect(host.handle(.push(.init(cseq: 1_000_000, payload: .sealed("junk"))), from: .init(2)).change == nil)
        // Ann's own next push goes in as usual.
        #expect(host.handle(.push(.init(cseq: 1, payload: .sealed("ann"))), from: .init(1)).change != nil)
        // Ann again on a second connection, with her secret: welcome.
        #expect(Self.isWelcome(admit(ann, on: .init(3), in: host, access: member, secret: annSecret).deliveries))
    }

    @Test("a room made before protocol 2 has no verifier: its first member registers it, and from then on it holds")
    func legacyRoomRegistersOnce() {
        let host = host(verifier: nil)
        let first = admit(ann, on: .init(1), in: host, access: member)
        #expect(Self.isWelcome(first.deliveries))
        guard case .admitted(let admission)? = first.change else {
            Issue.record("nothing to persist")
            return
        }
        #expect(admission.registeredVerifier == member.verifier)
        #expect(host.room.verifier == member.verifier)
        #expect(Self.codes(admit(bob, on: .init(2), in: host, access: stranger).deliveries) == [.notMember])
    }

    @Test("a hello of the old protocol is refused with the relay's version, not ignored")
    func oldProtocol() {
        let host = host(verifier: member.verifier)
        let answer = host.handle(.hello(.init(version: 1, room: room, client: ann, lastSeq: 0, epoch: nil)), from: .init(1))
        guard case .error(let error)? = answer.deliveries.first?.message else {
            Issue.record("no error")
            return
        }
        #expect(error.code == .badVersion)
        #expect(error.limit == CollabProtocol.version)
        #expect(error.sentence.contains("version 2"))
    }

    @Test("sessions through the in-memory relay: the room key's holders converge; a link with another key never gets in and says why")
    func sessionsThroughRelay() async throws {
        let relay = InMemoryRelay()
        relay.createRoom(room, verifier: member.verifier)
        let ann = try InMemoryRelayTests.Peer(relay: relay, room: room, seed: 1, sealer: PlainSealer(access: member))
        let eve = try InMemoryRelayTests.Peer(relay: relay, room: room, seed: 2, sealer: PlainSealer(access: stranger))
        try await ann.pump { ann.session.isLive }
        ann.send(try ann.session.addEmoji("🐶", x: 1, y: 2, size: 30).1)
        try await ann.pump { ann.settled }
        try await eve.pump { eve.session.lastProblem != nil }
        #expect(!eve.session.isLive)
        #expect(eve.session.shown.emojis.isEmpty)
        #expect(eve.session.lastProblem?.contains("not the room's") == true)
        #expect(relay.room(room)?.durableSeq == 1)
    }
}

/// C10: a client that cannot be fooled by its relay's numbers or payloads.
@Suite struct HostileRelayNumbersTests {
    func welcomed(_ session: SyncSession, seq: Int = 0, acked: Int = 0) throws -> [ClientMessage] {
        try session.receive(.welcome(.init(epoch: "e1", seq: seq, ackedCseq: acked, snapshot: nil, ops: [])))
    }

    @Test("numbers no honest relay sends (Int.max, negative) are refused with a sentence, never trap, and change nothing")
    func outOfRange() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 1))
        _ = try welcomed(session)
        _ = try session.addEmoji("🐶", x: 0, y: 0, size: 20)
        let before = session.shown
        for hostile: RelayMessage in [
            .op(.init(seq: Int.max, client: ClientID("bob")!, cseq: 1, payload: .plain(.ops([])))),
            .op(.init(seq: 1, client: ClientID("bob")!, cseq: -5, payload: .plain(.ops([])))),
            .welcome(.init(epoch: "e1", seq: Int.max, ackedCseq: Int.max, snapshot: nil, ops: [])),
            .error(.init(code: .tooLarge, message: "", limit: Int.min)),
        ] {
            #expect(throws: CollabError.self) { try session.receive(hostile) }
            #expect(session.shown == before)
            #expect(session.pending.count == 1)
        }
        #expect(session.lastProblem?.contains("out of range") == true)
    }

    @Test("a welcome acknowledging edits this client never made is refused: its waiting edits stay")
    func ackBeyondWhatWasSent() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 2))
        _ = try welcomed(session)
        _ = try session.addEmoji("🐶", x: 0, y: 0, size: 20)
        session.disconnected()
        #expect(throws: CollabError.self) { try welcomed(session, acked: 1_000_000) }
        #expect(session.pending.count == 1, "the edit still waits to be sent")
        #expect(!session.isLive)
    }

    @Test("a snapshot that does not open changes nothing: the state is not emptied")
    func unopenableSnapshotKeepsState() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 3))
        _ = try welcomed(session)
        let bob = ClientID("bob")!
        let add = CollabOp.add(
            EmojiValues(
                cid: CollabID(client: bob, counter: 1), text: "🐱", x: 1, y: 1, size: 20, rotation: 0, flipped: false,
                z: ZKey.between(nil, nil, using: &session.random)))
        _ = try session.receive(.op(.init(seq: 1, client: bob, cseq: 1, payload: .plain(.ops([add])))))
        #expect(session.confirmed.emojis.count == 1)
        session.disconnected()
        _ = session.connected()
        let junk = SequencedSnapshot(seq: 5, ackedCseqs: [:], payload: .sealed("not a snapshot"))
        _ = try session.receive(.welcome(.init(epoch: "e1", seq: 5, ackedCseq: 0, snapshot: junk, ops: [])))
        #expect(session.confirmed.emojis.count == 1, "the room's state is kept")
        #expect(session.shown.emojis.count == 1)
        #expect(session.lastProblem != nil)
    }
}

extension MembershipTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var bytes = [UInt8]()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return bytes
    }
}
