import EmojiArtCollabTestSupport
import Foundation
import Testing

@testable import EmojiArtCollab

/// A relay that replays, reorders, withholds or rolls back pushes is caught (C10): each sender's
/// pushes follow one another and name the one before, and that memory survives a restart.
@Suite struct ChainTests {
    let bob = ClientID("bob")!

    /// Bob's first `count` pushes, as the relay would order them (seq = cseq), each adding one emoji.
    func bobsPushes(_ count: Int) throws -> [SequencedPush] {
        let bobSession = try SyncSession(
            room: "r",
            journal: InMemoryOutboxJournal(
                record: OutboxRecord(
                    room: "r", client: bob, epoch: nil, nextCseq: 1, nextCounter: 1, pending: [])), sealer: PlainSealer(),
            random: SeededRandom(seed: 9))
        _ = try bobSession.receive(.welcome(.init(epoch: "e1", seq: 0, ackedCseq: 0, snapshot: nil, ops: [])))
        var pushes = [SequencedPush]()
        for index in 1...count {
            for case .push(let push) in try bobSession.addEmoji("🐻", x: Double(index), y: 0, size: 20).1 {
                pushes.append(SequencedPush(seq: index, client: bob, cseq: push.cseq, payload: push.payload, signature: push.signature))
            }
        }
        return pushes
    }

    func reader(journal: InMemoryOutboxJournal = InMemoryOutboxJournal(), replica: ConfirmedReplica? = nil) throws -> SyncSession {
        let session = try SyncSession(room: "r", journal: journal, replica: replica, sealer: PlainSealer(), random: SeededRandom(seed: 1))
        return session
    }

    @Test("in order, every push applies and nothing is said")
    func inOrder() throws {
        let pushes = try bobsPushes(3)
        let ann = try reader()
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 3, ackedCseq: 0, snapshot: nil, ops: pushes)))
        #expect(ann.confirmed.emojis.count == 3)
        #expect(ann.lastProblem == nil)
        #expect(ann.chains.marks[bob]?.cseq == 3)
    }

    @Test("a replayed push, even at a new seq, is ignored and said")
    func replay() throws {
        let pushes = try bobsPushes(2)
        let ann = try reader()
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 2, ackedCseq: 0, snapshot: nil, ops: pushes)))
        var again = pushes[0]
        again.seq = 3
        _ = try ann.receive(.op(again))
        #expect(ann.confirmedSeq == 3)
        #expect(ann.confirmed.emojis.count == 2)
        #expect(ann.lastProblem?.contains("arrived a second time") == true)
    }

    @Test("a withheld push is said, and what follows it still shows")
    func withheld() throws {
        let pushes = try bobsPushes(3)
        let ann = try reader()
        var third = pushes[2]
        third.seq = 2
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 2, ackedCseq: 0, snapshot: nil, ops: [pushes[0], third])))
        #expect(ann.confirmed.emojis.count == 2)
        #expect(ann.lastProblem?.contains("2–2") == true, "\(ann.lastProblem ?? "nothing said")")
    }

    @Test("pushes reordered: the later one goes in, the earlier is refused as a replay — both said")
    func reordered() throws {
        let pushes = try bobsPushes(2)
        let ann = try reader()
        var second = pushes[1]
        second.seq = 1
        var first = pushes[0]
        first.seq = 2
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 2, ackedCseq: 0, snapshot: nil, ops: [second, first])))
        #expect(ann.confirmed.emojis.count == 1)
        #expect(ann.lastProblem?.contains("arrived a second time") == true)
    }

    @Test("the chains survive a restart with the replica: a push replayed after it is still caught")
    func rememberedAcrossRestarts() throws {
        let pushes = try bobsPushes(2)
        let journal = InMemoryOutboxJournal()
        let ann = try reader(journal: journal)
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 2, ackedCseq: 0, snapshot: nil, ops: pushes)))
        let replica = try #require(ann.replica)
        #expect(replica.senders?.marks[bob]?.cseq == 2)
        let restarted = try reader(journal: journal, replica: replica)
        #expect(restarted.confirmed.emojis.count == 2)
        var again = pushes[1]
        again.seq = 3
        _ = try restarted.receive(.welcome(.init(epoch: "e1", seq: 3, ackedCseq: 0, snapshot: nil, ops: [again])))
        #expect(restarted.confirmed.emojis.count == 2)
        #expect(restarted.lastProblem?.contains("arrived a second time") == true)
    }

    @Test("a relay that rolls the room back within its epoch is said, and the room’s state is pushed again")
    func rollback() throws {
        let pushes = try bobsPushes(3)
        let ann = try reader()
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 3, ackedCseq: 0, snapshot: nil, ops: pushes)))
        ann.disconnected()
        _ = ann.connected()
        let resent = try ann.receive(.welcome(.init(epoch: "e1", seq: 1, ackedCseq: 0, snapshot: nil, ops: [])))
        #expect(ann.lastProblem?.contains("earlier state") == true)
        #expect(resent.count == 1, "the room’s three emojis go out again as one push")
        #expect(ann.shown.emojis.count == 3, "nothing vanished from the window")
    }

    @Test("a snapshot placed at another seq, or whose state is not the one it names, changes nothing")
    func misplacedSnapshot() throws {
        let pushes = try bobsPushes(2)
        let maker = try reader()
        _ = try maker.receive(.welcome(.init(epoch: "e1", seq: 2, ackedCseq: 0, snapshot: nil, ops: pushes)))
        guard case .snapshot(let snapshot) = try maker.snapshotMessage() else {
            Issue.record("no snapshot")
            return
        }
        let ann = try reader()
        // Moved: its signature covers seq 2 (the relay cannot sign it anew); with a signature
        // for 7 (a member's help), what is inside still names 2.
        let moved = SequencedSnapshot(seq: 7, ackedCseqs: [:], payload: snapshot.payload, signature: snapshot.signature)
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 7, ackedCseq: 0, snapshot: moved, ops: [])))
        #expect(ann.confirmed.emojis.isEmpty)
        #expect(ann.lastProblem?.contains("not signed") == true)
        let resigned = SequencedSnapshot(
            seq: 7, ackedCseqs: [:], payload: snapshot.payload,
            signature: PlainSealer.testCredentials.sign(Signed.snapshot(room: "r", seq: 7, payload: snapshot.payload)))
        let other = try reader()
        _ = try other.receive(.welcome(.init(epoch: "e1", seq: 7, ackedCseq: 0, snapshot: resigned, ops: [])))
        #expect(other.confirmed.emojis.isEmpty)
        #expect(other.lastProblem?.contains("not what it claims") == true)

        let fine = SequencedSnapshot(seq: 2, ackedCseqs: [:], payload: snapshot.payload, signature: snapshot.signature)
        let joiner = try reader()
        _ = try joiner.receive(.welcome(.init(epoch: "e1", seq: 2, ackedCseq: 0, snapshot: fine, ops: [])))
        #expect(joiner.confirmed == maker.confirmed)
        #expect(joiner.chains == maker.chains, "the snapshot carries the chains: a replay after it is caught")
    }

    @Test(
        "after the relay lost the room, my numbers carry on into its new epoch: waiting edits, then the room again, and a joiner sees no gap"
    )
    func newEpochStartsAChain() throws {
        let pushes = try bobsPushes(2)
        let ann = try reader()
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: 2, ackedCseq: 0, snapshot: nil, ops: pushes)))
        _ = try ann.addEmoji("🌵", x: 5, y: 5, size: 20)
        _ = try ann.addEmoji("🌵", x: 6, y: 6, size: 20)
        ann.disconnected()
        _ = ann.connected()
        let resent = try ann.receive(.welcome(.init(epoch: "e2", seq: 0, ackedCseq: 0, snapshot: nil, ops: [])))
        let cseqs = resent.compactMap { if case .push(let push) = $0 { push.cseq } else { nil } }
        #expect(cseqs == [3, 4, 5], "my two waiting edits, then the room again, numbered past all I sent")
        let joiner = try reader()
        let ordered = resent.enumerated().compactMap { index, message -> SequencedPush? in
            guard case .push(let push) = message else { return nil }
            return SequencedPush(seq: index + 1, client: ann.client, cseq: push.cseq, payload: push.payload, signature: push.signature)
        }
        _ = try joiner.receive(.welcome(.init(epoch: "e2", seq: ordered.count, ackedCseq: 0, snapshot: nil, ops: ordered)))
        #expect(joiner.lastProblem == nil, "\(joiner.lastProblem ?? "")")
        #expect(joiner.confirmed.emojis.count == 4)
    }

    @Test("every thousandth push's sender compacts the room")
    func compaction() throws {
        let journal = InMemoryOutboxJournal(
            record: OutboxRecord(room: "r", client: ClientID("ann")!, epoch: "e1", nextCseq: 1, nextCounter: 1, pending: []))
        let before = ConfirmedReplica(epoch: "e1", seq: SyncSession.compactionInterval - 1, state: CollabState(), senders: SenderChains())
        let ann = try reader(journal: journal, replica: before)
        _ = try ann.receive(.welcome(.init(epoch: "e1", seq: SyncSession.compactionInterval - 1, ackedCseq: 0, snapshot: nil, ops: [])))
        let messages = try ann.addEmoji("🌻", x: 0, y: 0, size: 20).1
        guard case .push(let push)? = messages.first else {
            Issue.record("no push")
            return
        }
        let answer = try ann.receive(
            .op(
                SequencedPush(
                    seq: SyncSession.compactionInterval, client: ann.client, cseq: push.cseq, payload: push.payload,
                    signature: push.signature)))
        guard case .snapshot(let snapshot)? = answer.first else {
            Issue.record("no snapshot: \(answer)")
            return
        }
        #expect(snapshot.seq == SyncSession.compactionInterval)
    }
}
