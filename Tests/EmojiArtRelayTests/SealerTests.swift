import EmojiArtCollab
import EmojiArtCollabNet
import Foundation
import Testing

/// Privacy (SPEC C7): AES-GCM payloads bound to (room, kind, sender, counter).
@Suite struct SealerTests {
    let ann = ClientID("ann")!
    let bob = ClientID("bob")!
    let ops = PayloadContent.ops([
        .add(
            EmojiValues(
                cid: CollabID(client: ClientID("ann")!, counter: 1), text: "🦊", x: 1, y: 2, size: 30,
                z: ZKey.between(nil, nil, using: &SealerTests.random)))
    ])
    nonisolated(unsafe) static var random = SeededRandom(seed: 7)

    func context(
        _ sender: ClientID, _ counter: Int, room: String = "room-0001", epoch: String = "e1", kind: SealContext.Kind = .push
    ) -> SealContext {
        SealContext(room: room, epoch: epoch, kind: kind, sender: sender, counter: counter)
    }

    @Test("issue 45 item 4: a payload sealed in one epoch of the room does not open as one of another")
    func epochIsSealedIn() throws {
        let sealer = AESGCMSealer(key: .random())
        let sealed = try sealer.seal(ops, context: context(ann, 1, epoch: "e1"))
        #expect(try sealer.open(sealed, context: context(ann, 1, epoch: "e1")) == ops)
        #expect(throws: SealError.self) { try sealer.open(sealed, context: context(ann, 1, epoch: "e2")) }
    }

    @Test("C12: a view link’s key is 86 characters; it opens what the edit link seals, checks its signatures and signs nothing")
    func viewKey() throws {
        let key = RoomKey.random()
        let viewKey = try #require(key.viewKey)
        #expect(viewKey.text.count == 86)
        #expect(try RoomKey(text: viewKey.text) == viewKey)
        #expect(viewKey.isViewKey && !key.isViewKey && viewKey.viewKey == nil)
        let sealed = try AESGCMSealer(key: key).seal(ops, context: context(ann, 1))
        let viewer = AESGCMSealer(key: viewKey)
        #expect(try viewer.open(sealed, context: context(ann, 1)) == ops)
        let message = Signed.push(room: "room-0001", client: ann, cseq: 1, payload: sealed)
        #expect(viewer.credentials.isEdit(message, signedWith: key.credentials.sign(message)))
        #expect(viewer.credentials.sign(message) == nil)
        #expect(viewer.credentials.registration == key.credentials.registration)
    }

    @Test("a key round-trips through its link text: 22 base64url characters")
    func keyText() throws {
        let key = RoomKey.random()
        #expect(key.text.count == 22)
        #expect(key.text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(try RoomKey(text: key.text) == key)
        #expect(throws: SealError.badKey) { try RoomKey(text: "short") }
        #expect(RoomKey.random() != key)
    }

    @Test("sealed content opens with the same key and context, and its text is not in the ciphertext")
    func roundTrip() throws {
        let sealer = AESGCMSealer(key: .random())
        let sealed = try sealer.seal(ops, context: context(ann, 1))
        guard case .sealed(let text) = sealed else {
            Issue.record("not sealed")
            return
        }
        #expect(!text.contains("🦊") && !text.contains("text"))
        #expect(try sealer.open(sealed, context: context(ann, 1)) == ops)
    }

    @Test("tampered, wrong-key, wrong-context and unencrypted payloads are refused with a reason")
    func refusals() throws {
        let key = RoomKey.random()
        let sender = AESGCMSealer(key: key)
        let sealed = try sender.seal(ops, context: context(ann, 5))
        guard case .sealed(let text) = sealed else {
            Issue.record("not sealed")
            return
        }

        // One character of the ciphertext changed.
        var bytes = Array(text.utf8)
        let index = bytes.count - 10
        bytes[index] = bytes[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        let tampered = Payload.sealed(String(decoding: bytes, as: UTF8.self))
        #expect(throws: SealError.cannotOpen(kind: "push", sender: "ann")) {
            try AESGCMSealer(key: key).open(tampered, context: context(ann, 5))
        }
        // Another key (a wrong link).
        #expect(throws: SealError.cannotOpen(kind: "push", sender: "ann")) {
            try AESGCMSealer(key: .random()).open(sealed, context: context(ann, 5))
        }
        // The same ciphertext presented as bob's, as another push, in another room, as a snapshot.
        #expect(throws: SealError.cannotOpen(kind: "push", sender: "bob")) {
            try AESGCMSealer(key: key).open(sealed, context: context(bob, 5))
        }
        #expect(throws: SealError.cannotOpen(kind: "push", sender: "ann")) {
            try AESGCMSealer(key: key).open(sealed, context: context(ann, 6))
        }
        #expect(throws: SealError.cannotOpen(kind: "push", sender: "ann")) {
            try AESGCMSealer(key: key).open(sealed, context: context(ann, 5, room: "room-0002"))
        }
        #expect(throws: SealError.cannotOpen(kind: "snapshot", sender: "ann")) {
            try AESGCMSealer(key: key).open(sealed, context: context(ann, 5, kind: .snapshot))
        }
        // (A replay of a whole push is the session's to catch: ChainTests.)
        let receiver = AESGCMSealer(key: key)
        // Unencrypted content in an encrypted room.
        #expect(throws: SealError.notEncrypted(kind: "push")) { try receiver.open(.plain(ops), context: context(ann, 9)) }
        #expect(SealError.cannotOpen(kind: "push", sender: "ann").description.contains("same full link"))
    }

    @Test("a session with the wrong key shows nothing of the room and says why")
    func wrongKeySession() throws {
        let key = RoomKey.random()
        let writer = try SyncSession(
            room: "room-0001", journal: InMemoryOutboxJournal(), sealer: AESGCMSealer(key: key), random: SeededRandom(seed: 1))
        let reader = try SyncSession(
            room: "room-0001", journal: InMemoryOutboxJournal(), sealer: AESGCMSealer(key: .random()), random: SeededRandom(seed: 2))
        var room = RelayRoom(id: "room-0001", epoch: "e", verifier: nil)
        _ = try writer.receive(room.welcome(.init(room: "room-0001", client: writer.client, lastSeq: 0, epoch: nil)))
        let messages = try writer.addEmoji("🦊", x: 0, y: 0, size: 20).1
        for case .push(let push) in messages { room.receive(push, from: writer.client) }
        _ = room.commit()
        _ = try reader.receive(room.welcome(.init(room: "room-0001", client: reader.client, lastSeq: 0, epoch: nil)))
        #expect(reader.shown.emojis.isEmpty)
        #expect(reader.lastProblem?.contains("another key") == true || reader.lastProblem?.contains("not signed") == true)
    }
}
