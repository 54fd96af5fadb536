import EmojiArtCollabTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

/// C10, C12: knowing a room's id is not membership. A room host (what the relay runs) admits a
/// connection only when its proof signs the challenge with the room's edit or view key (the relay
/// keeps only their public halves), binds each client id to its first secret, and takes nothing
/// else from anyone who has not proved it — and no edit from a viewer, nor one without the edit
/// key's signature.
@Suite struct MembershipTests {
    let member = RoomCredentials(roomKey: Array(repeating: 1, count: 16))
    let stranger = RoomCredentials(roomKey: Array(repeating: 2, count: 16))
    var viewer: RoomCredentials { RoomCredentials(viewKey: member.viewKey!)! }
    var verifier: String { RoomVerifier(member.registration)!.stored }
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

    /// Says hello on `connection` and answers the challenge as `credentials` would; returns the
    /// answers to the proof.
    func admit(
        _ client: ClientID, on connection: RoomHost.Connection, in host: RoomHost, as credentials: RoomCredentials,
        secret: String = Base64URL.encode(Array(repeating: 9, count: 32))
    ) -> (deliveries: [RoomHost.Delivery], change: RoomHost.Change?) {
        let greeting = host.handle(hello(client), from: connection)
        guard case .challenge(let challenge)? = greeting.deliveries.first?.message else { return (greeting.deliveries, nil) }
        return host.handle(.proof(credentials.proof(answering: challenge, room: room, client: client, secret: secret)), from: connection)
    }

    /// A push as `credentials` signs it for `client`.
    func push(_ cseq: Int, _ text: String, by client: ClientID, signedAs credentials: RoomCredentials? = nil) -> ClientMessage {
        let payload = Payload.sealed(text)
        let signature = (credentials ?? member).sign(Signed.push(room: room, client: client, cseq: cseq, payload: payload))
        return .push(.init(cseq: cseq, payload: payload, signature: signature))
    }

    static func codes(_ deliveries: [RoomHost.Delivery]) -> [RelayError.Code] {
        deliveries.compactMap { if case .error(let error) = $0.message { error.code } else { nil } }
    }

    static func isWelcome(_ deliveries: [RoomHost.Delivery]) -> Bool {
        deliveries.contains { if case .welcome = $0.message { true } else { false } }
    }

    @Test("a room key gives a sealing key and two public keys; its view link reads the room and cannot sign an edit")
    func credentialsFromARoomKey() {
        let credentials = RoomCredentials(roomKey: Array(repeating: 5, count: 16))
        #expect(credentials.sealingKey.count == 16)
        #expect(credentials.editorKey.count == 32 && credentials.viewerKey.count == 32 && credentials.editorKey != credentials.viewerKey)
        let view = RoomCredentials(viewKey: credentials.viewKey!)!
        #expect(view.sealingKey == credentials.sealingKey, "a view link reads the room")
        #expect(view.viewerKey == credentials.viewerKey && view.editorKey == credentials.editorKey)
        #expect(!view.canEdit && view.sign([1, 2, 3]) == nil, "and cannot sign an edit")
        #expect(view.viewKey == nil)
    }

    @Test(
        "a stranger with only the room’s id: a challenge, then nothing — no welcome, no push, no snapshot, no presence, nothing of the room"
    )
    func strangerGetsNothing() {
        let host = host(verifier: verifier)
        let annConnection = RoomHost.Connection(1)
        #expect(Self.isWelcome(admit(ann, on: annConnection, in: host, as: member).deliveries))
        _ = host.handle(push(1, "ann's edit", by: ann), from: annConnection)
        _ = host.commit()

        let eve = RoomHost.Connection(2)
        let refused = admit(ClientID("eve")!, on: eve, in: host, as: stranger)
        #expect(Self.codes(refused.deliveries) == [.notMember])
        #expect(!Self.isWelcome(refused.deliveries))
        for junk: ClientMessage in [
            .push(.init(cseq: 1, payload: .sealed("junk"))), .snapshot(.init(seq: 1, payload: .sealed("junk"))),
            .presence(.sealed("junk")), .preview(.sealed("junk")), .proof(.init(role: .edit, signature: "x", secret: "y")),
        ] {
            let answer = host.handle(junk, from: eve)
            #expect(Self.codes(answer.deliveries) == [.badMessage], "\(junk)")
            #expect(answer.change == nil)
        }
        #expect(host.room.log.count == 1)
        #expect(host.room.snapshot == nil)
        // What members do never reaches the stranger's connection.
        _ = host.handle(push(2, "ann's second", by: ann), from: annConnection)
        let broadcast = host.commit()
        #expect(broadcast.allSatisfy { $0.to == annConnection })
        let presence = host.handle(.presence(.sealed("ann is here")), from: annConnection)
        #expect(presence.deliveries.isEmpty)
    }

    @Test("a proof answers one challenge only: replayed on another connection it is refused")
    func proofIsNotReplayable() {
        let host = host(verifier: verifier)
        let first = RoomHost.Connection(1)
        guard case .challenge(let challenge)? = host.handle(hello(ann), from: first).deliveries.first?.message else {
            Issue.record("no challenge")
            return
        }
        let proof = ClientMessage.proof(
            member.proof(answering: challenge, room: room, client: ann, secret: Base64URL.encode(Array(repeating: 3, count: 32))))
        let second = RoomHost.Connection(2)
        _ = host.handle(hello(ann), from: second)
        #expect(Self.codes(host.handle(proof, from: second).deliveries) == [.notMember])
        #expect(Self.isWelcome(host.handle(proof, from: first).deliveries))
        // Nor for another client id on the same nonce.
        let third = RoomHost.Connection(3)
        guard case .challenge(let other)? = host.handle(hello(bob), from: third).deliveries.first?.message else { return }
        let annsProof = member.proof(answering: other, room: room, client: ann, secret: "AAAAAAAAAAAAAAAAAAAAAA")
        #expect(Self.codes(host.handle(.proof(annsProof), from: third).deliveries) == [.notMember])
    }

    @Test("impersonation: another member's client id with another secret is refused, and the member's pushes still count")
    func clientIDBoundToFirstSecret() {
        let host = host(verifier: verifier)
        let annSecret = Base64URL.encode(Array(repeating: 4, count: 32))
        let first = admit(ann, on: .init(1), in: host, as: member, secret: annSecret)
        #expect(Self.isWelcome(first.deliveries))
        guard case .admitted(let admission)? = first.change else {
            Issue.record("no binding to persist")
            return
        }
        #expect(admission.boundSecretHash != nil)

        let impostor = admit(ann, on: .init(2), in: host, as: member, secret: Base64URL.encode(Array(repeating: 5, count: 32)))
        #expect(Self.codes(impostor.deliveries) == [.clientTaken])
        #expect(host.handle(push(1_000_000, "junk", by: ann), from: .init(2)).change == nil)
        // Ann's own next push goes in as usual.
        #expect(host.handle(push(1, "ann", by: ann), from: .init(1)).change != nil)
        // Ann again on a second connection, with her secret: welcome.
        #expect(Self.isWelcome(admit(ann, on: .init(3), in: host, as: member, secret: annSecret).deliveries))
    }

    @Test("issue 45 item 1: a room made before protocol 2 admits nobody — a stranger's own keys never register it")
    func roomWithoutVerifierAdmitsNobody() {
        let host = host(verifier: nil)
        let stranger = admit(bob, on: .init(1), in: host, as: stranger)
        #expect(Self.codes(stranger.deliveries) == [.notMember])
        #expect(host.room.verifier == nil, "nothing was registered")
        #expect(Self.codes(admit(ann, on: .init(2), in: host, as: member).deliveries) == [.notMember])
    }

    @Test("a protocol-2 room is proven again only with its old key: then it keeps public keys only, and strangers stay out")
    func protocol2RoomUpgradesWithItsOldKey() throws {
        let legacy = LegacyAccess(
            key: KeyDerivation.key(from: Array(repeating: 1, count: 16), salt: KeyDerivation.protocol2, info: "access", length: 32))
        let host = host(verifier: Base64URL.encode(legacy.key))
        // A stranger answering with its own keys and a made-up old proof.
        let eve = host.handle(hello(bob), from: .init(1))
        guard case .challenge(let challenge)? = eve.deliveries.first?.message else { throw CollabError.viewOnly }
        #expect(challenge.upgrade)
        var forged = stranger.proof(answering: challenge, room: room, client: bob, secret: Base64URL.encode(Array(repeating: 8, count: 32)))
        forged.upgrade?.proof = Base64URL.encode(Array(repeating: 0, count: 32))
        #expect(Self.codes(host.handle(.proof(forged), from: .init(1)).deliveries) == [.notMember])
        // A view link cannot prove it either.
        #expect(Self.codes(admit(bob, on: .init(2), in: host, as: viewer).deliveries) == [.notMember])
        // The edit link can.
        let first = admit(ann, on: .init(3), in: host, as: member)
        #expect(Self.isWelcome(first.deliveries))
        guard case .admitted(let admission)? = first.change else {
            Issue.record("nothing to persist")
            return
        }
        #expect(admission.registeredVerifier == verifier)
        #expect(host.room.verifier == verifier, "the old key is no longer kept")
        #expect(Self.codes(admit(bob, on: .init(4), in: host, as: stranger).deliveries) == [.notMember])
    }

    @Test(
        "issue 45 item 2: the relay’s stored verifier admits nobody and signs nothing; an out-of-range or unsigned push and a junk snapshot are refused"
    )
    func storedVerifierIsNotAKey() {
        let host = host(verifier: verifier)
        // Whoever read the relay's folder holds only public keys: a proof needs a signature.
        let reader = host.handle(hello(bob), from: .init(1))
        guard case .challenge(let challenge)? = reader.deliveries.first?.message else { return }
        let guess = ClientMessage.Proof(
            role: .edit, signature: Base64URL.encode(member.editorKey + member.viewerKey),
            secret: Base64URL.encode(Array(repeating: 3, count: 32)))
        _ = challenge
        #expect(Self.codes(host.handle(.proof(guess), from: .init(1)).deliveries) == [.notMember])
        // Even a member's connection cannot put a number out of range or an unsigned edit in the log.
        #expect(Self.isWelcome(admit(ann, on: .init(2), in: host, as: member).deliveries))
        #expect(Self.codes(host.handle(push(CollabProtocol.maxSequence + 1, "far", by: ann), from: .init(2)).deliveries) == [.badMessage])
        #expect(Self.codes(host.handle(.push(.init(cseq: 1, payload: .sealed("unsigned"))), from: .init(2)).deliveries) == [.badSignature])
        #expect(Self.codes(host.handle(push(1, "viewer's", by: ann, signedAs: stranger), from: .init(2)).deliveries) == [.badSignature])
        #expect(host.room.log.isEmpty)
        // A snapshot anywhere but a compaction point of its own, or unsigned, drops nothing.
        _ = host.handle(push(1, "real", by: ann), from: .init(2))
        _ = host.commit()
        let junk = ClientMessage.SnapshotPush(seq: 1, payload: .sealed("junk"))
        #expect(Self.codes(host.handle(.snapshot(junk), from: .init(2)).deliveries) == [.badSignature])
        #expect(host.room.log.count == 1 && host.room.snapshot == nil)
    }

    @Test("issue 45 item 6: a client never sends secret material — its proof holds signatures and its own secret only")
    func proofCarriesNoKey() {
        let roomKey = [UInt8](repeating: 1, count: 16)
        let secrets = [
            KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol2, info: "access", length: 32),
            KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol2, info: "seal", length: 16),
            KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol3, info: "edit", length: 32),
            KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol3, info: "view", length: 16), roomKey,
        ].map(Base64URL.encode)
        for upgrade in [false, true] {
            let proof = member.proof(
                answering: .init(nonce: "n", upgrade: upgrade), room: room, client: ann,
                secret: Base64URL.encode(Array(repeating: 9, count: 32)))
            let frame = String(decoding: try! WireCodec.encode(.proof(proof)), as: UTF8.self)
            for secret in secrets { #expect(!frame.contains(secret)) }
        }
    }

    @Test("C12: a view link is admitted as a viewer: it reads and shows its pointer, and the room takes no edit or snapshot of its")
    func viewerCannotEdit() throws {
        let host = host(verifier: verifier)
        #expect(Self.isWelcome(admit(ann, on: .init(1), in: host, as: member).deliveries))
        #expect(Self.isWelcome(admit(bob, on: .init(2), in: host, as: viewer).deliveries))
        #expect(host.viewers == [.init(2)])
        // Even a push signed with the edit key (a member helping) is not taken from a viewer's connection.
        #expect(Self.codes(host.handle(push(1, "edit", by: bob), from: .init(2)).deliveries) == [.viewOnly])
        #expect(Self.codes(host.handle(.snapshot(.init(seq: 0, payload: .sealed("s"))), from: .init(2)).deliveries) == [.viewOnly])
        #expect(host.room.log.isEmpty)
        // Its presence reaches the others.
        #expect(host.handle(.presence(.sealed("bob's pointer")), from: .init(2)).deliveries.map(\.to) == [.init(1)])
        // And a session with a view link refuses to make an edit at all.
        let session = try SyncSession(
            room: room, journal: InMemoryOutboxJournal(), sealer: PlainSealer(credentials: viewer), random: SeededRandom(seed: 4))
        #expect(throws: CollabError.viewOnly) { try session.addEmoji("🐶", x: 0, y: 0, size: 20) }
    }

    @Test("a hello of the old protocol is refused with the relay’s version, not ignored")
    func oldProtocol() {
        let host = host(verifier: verifier)
        let answer = host.handle(.hello(.init(version: 2, room: room, client: ann, lastSeq: 0, epoch: nil)), from: .init(1))
        guard case .error(let error)? = answer.deliveries.first?.message else {
            Issue.record("no error")
            return
        }
        #expect(error.code == .badVersion)
        #expect(error.limit == CollabProtocol.version)
        #expect(error.sentence.contains("version 3"))
    }

    @Test("sessions through the in-memory relay: the room key's holders converge; a link with another key never gets in and says why")
    func sessionsThroughRelay() async throws {
        let relay = InMemoryRelay()
        relay.createRoom(room, verifier: verifier)
        let ann = try InMemoryRelayTests.Peer(relay: relay, room: room, seed: 1, sealer: PlainSealer(credentials: member))
        let eve = try InMemoryRelayTests.Peer(relay: relay, room: room, seed: 2, sealer: PlainSealer(credentials: stranger))
        try await ann.pump { ann.session.isLive }
        ann.send(try ann.session.addEmoji("🐶", x: 1, y: 2, size: 30).1)
        try await ann.pump { ann.settled }
        try await eve.pump { eve.session.lastProblem != nil }
        #expect(!eve.session.isLive)
        #expect(eve.session.shown.emojis.isEmpty)
        #expect(eve.session.lastProblem?.contains("not the room’s") == true)
        #expect(relay.room(room)?.durableSeq == 1)
    }
}
