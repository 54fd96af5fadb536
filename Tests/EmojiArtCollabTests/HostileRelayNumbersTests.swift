import EmojiArtCollabTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

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
            .op(.signed(seq: Int.max, client: ClientID("bob")!, cseq: 1, .ops([]), room: "r")),
            .welcome(.init(epoch: "e1", seq: Int.max, ackedCseq: Int.max, snapshot: nil, ops: [])),
            .error(.init(code: .tooLarge, message: "", limit: Int.min)),
        ] {
            #expect(throws: CollabError.self) { try session.receive(hostile) }
            #expect(session.shown == before)
            #expect(session.pending.count == 1)
        }
        #expect(session.lastProblem?.contains("out of range") == true)
        // An edit's own number out of range: that edit is skipped, said, and the session goes on.
        _ = try session.receive(.op(.signed(seq: 1, client: ClientID("bob")!, cseq: -5, .ops([]), room: "r")))
        #expect(session.confirmedSeq == 1 && session.shown == before)
        #expect(session.lastProblem?.contains("-5") == true)
    }

    @Test("issue 45 item 2a: one edit numbered 2^52+1 in the log never keeps the room from loading; the edits around it apply")
    func hugeNumberInWelcome() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 5))
        let bob = ClientID("bob")!
        let ops = (1...3).map { index in
            SequencedPush.signed(
                seq: index, client: bob, cseq: index == 2 ? CollabProtocol.maxSequence + 1 : index,
                .push(PushContent(previous: nil, ops: [Self.add(by: bob, counter: index, session: session)])), room: "r")
        }
        _ = try session.receive(.welcome(.init(epoch: "e1", seq: 3, ackedCseq: 0, snapshot: nil, ops: ops)))
        #expect(session.isLive)
        #expect(session.confirmedSeq == 3)
        #expect(session.confirmed.emojis.count == 2, "the first and the third")
        #expect(session.lastProblem != nil)
    }

    @Test("issue 45 items 7 and C12: an edit or snapshot without the edit key's signature is skipped with a sentence, whoever relays it")
    func unsignedEditsAreSkipped() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 6))
        _ = try welcomed(session)
        let bob = ClientID("bob")!
        let add = Self.add(by: bob, counter: 1, session: session)
        let content = PayloadContent.push(PushContent(previous: nil, ops: [add]))
        // Unsigned, and signed by a view link's holder (who has no edit key: the edit key of another room).
        _ = try session.receive(.op(SequencedPush(seq: 1, client: bob, cseq: 1, payload: .plain(content))))
        _ = try session.receive(
            .op(
                .signed(
                    seq: 2, client: bob, cseq: 1, content, room: "r", credentials: RoomCredentials(roomKey: Array(repeating: 3, count: 16)))
            ))
        #expect(session.confirmed.emojis.isEmpty)
        #expect(session.lastProblem?.contains("not signed") == true)
        _ = try session.receive(.op(.signed(seq: 3, client: bob, cseq: 2, .push(PushContent(previous: nil, ops: [add])), room: "r")))
        #expect(session.confirmed.emojis.count == 1, "the signed one applies")
        // A snapshot in a welcome, unsigned: the state is kept.
        session.disconnected()
        _ = session.connected()
        let state = RoomSnapshot(epoch: "e1", seq: 1000, state: CollabState(), senders: SenderChains())
        let forged = SequencedSnapshot(seq: 1000, ackedCseqs: [:], payload: .plain(.roomSnapshot(state)))
        _ = try session.receive(.welcome(.init(epoch: "e1", seq: 1000, ackedCseq: 0, snapshot: forged, ops: [])))
        #expect(session.confirmed.emojis.count == 1, "the room’s state is kept")
    }

    @Test("issue 45 item 4: pushes replayed through a new epoch stay replays (chains survive epochs), and the change of epoch is said")
    func replayThroughNewEpoch() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 7))
        _ = try welcomed(session)
        let bob = ClientID("bob")!
        let cid = CollabID(client: bob, counter: 1)
        let add = Self.add(by: bob, counter: 1, session: session)
        let moved = CollabOp.set(cid: cid, value: .x(50))
        let back = CollabOp.set(cid: cid, value: .x(1))
        let first = SequencedPush.signed(seq: 1, client: bob, cseq: 1, .push(PushContent(previous: nil, ops: [add, back])), room: "r")
        let previous = SenderChains.linkHash(previous: nil, cseq: 1, ops: [add, back])
        let second = SequencedPush.signed(seq: 2, client: bob, cseq: 2, .push(PushContent(previous: previous, ops: [moved])), room: "r")
        _ = try session.receive(.op(first))
        _ = try session.receive(.op(second))
        #expect(session.shown.emojis[cid]?.x.value == 50)
        session.disconnected()
        _ = session.connected()
        // The relay claims a new epoch and replays bob's first push: the emoji would move back.
        var replay = first
        replay.seq = 1
        _ = try session.receive(.welcome(.init(epoch: "e2", seq: 1, ackedCseq: 0, snapshot: nil, ops: [replay])))
        #expect(session.lastProblem != nil)
        #expect(session.confirmed.emojis[cid] == nil, "the replayed push is not applied")
        #expect(session.shown.emojis[cid]?.x.value == 50, "and the window keeps what it had, sending it again")
    }

    @Test("issue 45 item 5: a welcome of a new epoch acknowledging edits never made there drops none of the waiting edits")
    func newEpochKeepsOutbox() throws {
        let journal = InMemoryOutboxJournal()
        let session = try SyncSession(room: "r", journal: journal, sealer: PlainSealer(), random: SeededRandom(seed: 8))
        _ = try welcomed(session)
        session.disconnected()
        for index in 1...3 { _ = try session.addEmoji("🐶", x: Double(index), y: 0, size: 20) }
        _ = session.connected()
        let resent = try session.receive(.welcome(.init(epoch: "e2", seq: 0, ackedCseq: 3, snapshot: nil, ops: [])))
        #expect(session.pending.count >= 3, "nothing waiting was dropped")
        #expect(resent.count == session.pending.count)
        #expect(try journal.load()?.pending.count == session.pending.count)
        #expect(session.lastProblem != nil)
    }

    @Test("issue 45 item 18: an add of another member's emoji id is refused; one restoring a lost room never takes it from its owner")
    func emojiIDsBelongToTheirOwner() throws {
        var state = CollabState()
        let ann = ClientID("ann")!
        let eve = ClientID("eve")!
        var random = SeededRandom(seed: 9)
        let cid = CollabID(client: ann, counter: 1)
        let z = ZKey.between(nil, nil, using: &random)
        let claimed = state.apply(.add(EmojiValues(cid: cid, text: "💣", x: 0, y: 0, size: 20, z: z)), from: eve)
        #expect(!claimed)
        #expect(state.emojis[cid] == nil, "eve cannot claim ann's next id")
        // Sending a lost room again (invariant 7) adds others' emojis, as restored: the owner's own add still wins.
        var restored = EmojiValues(cid: cid, text: "💣", x: 0, y: 0, size: 20, z: z)
        restored.restored = true
        let restoredByEve = state.apply(.add(restored), from: eve)
        #expect(restoredByEve)
        #expect(state.emojis[cid]?.addedByOther == eve)
        state.apply(.add(EmojiValues(cid: cid, text: "🐶", x: 5, y: 5, size: 30, z: z)), from: ann)
        #expect(state.emojis[cid]?.text.value == "🐶")
        #expect(state.emojis[cid]?.addedByOther == nil)
    }

    @Test("issue 45 item 17: a presence frame replayed or older than the last from its sender is dropped")
    func stalePresenceDropped() throws {
        let session = try SyncSession(room: "r", journal: InMemoryOutboxJournal(), sealer: PlainSealer(), random: SeededRandom(seed: 10))
        _ = try welcomed(session)
        let bob = ClientID("bob")!
        let newer = Presence(name: "Bob", colour: "#112233", pointerX: 10, pointerY: 10, seq: 20)
        let older = Presence(name: "Bob", colour: "#112233", pointerX: 99, pointerY: 99, seq: 10)
        let presence = RoomPresence(session: session)
        presence.receive(.presence(.init(client: bob, payload: .plain(.presence(newer)))))
        presence.receive(.presence(.init(client: bob, payload: .plain(.presence(older)))))
        presence.receive(.presence(.init(client: bob, payload: .plain(.presence(newer)))))
        #expect(presence.participants[bob]?.pointerX == 10)
        // What this session sends is numbered, higher each time.
        guard case .presence(.plain(.presence(let one))) = try presence.presenceMessage(older),
            case .presence(.plain(.presence(let two))) = try presence.presenceMessage(older)
        else { throw CollabError.viewOnly }
        #expect((one.seq ?? 0) < (two.seq ?? 0))
    }

    static func add(by client: ClientID, counter: Int, session: SyncSession) -> CollabOp {
        .add(
            EmojiValues(
                cid: CollabID(client: client, counter: counter), text: "🐱", x: 1, y: 1, size: 20, rotation: 0, flipped: false,
                z: ZKey.between(nil, nil, using: &session.random)))
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
        _ = try session.receive(.op(.signed(seq: 1, client: bob, cseq: 1, .ops([add]), room: "r")))
        #expect(session.confirmed.emojis.count == 1)
        session.disconnected()
        _ = session.connected()
        let junk = SequencedSnapshot(seq: 5, ackedCseqs: [:], payload: .sealed("not a snapshot"))
        _ = try session.receive(.welcome(.init(epoch: "e1", seq: 5, ackedCseq: 0, snapshot: junk, ops: [])))
        #expect(session.confirmed.emojis.count == 1, "the room’s state is kept")
        #expect(session.shown.emojis.count == 1)
        #expect(session.lastProblem != nil)
    }
}
