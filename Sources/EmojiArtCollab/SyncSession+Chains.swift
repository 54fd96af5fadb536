import EmojiArtCore
import Foundation

/// Taking confirmed pushes and snapshots through each sender's chain (C10).
extension SyncSession {
    /// The ops of a confirmed push to apply, checked against its sender's chain (C10): one that
    /// does not open, or a replay, gives none; one after a gap or off its sender's chain is
    /// applied (it is the sender's, sealed) and said.
    func takeOps(of push: SequencedPush) -> [CollabOp] {
        guard (1...CollabProtocol.maxSequence).contains(push.cseq) else {
            report(CollabError.numberOutOfRange(sender: push.client.rawValue, number: push.cseq))
            return []
        }
        guard
            isSigned(
                push.signature, over: Signed.push(room: room, client: push.client, cseq: push.cseq, payload: push.payload), at: push.seq)
        else {
            report(CollabError.unsigned(kind: localized("an edit"), sender: push.client.rawValue))
            return []
        }
        let content = open(push.payload, context(.push, sender: push.client, counter: push.cseq))
        let ops: [CollabOp]
        let verdict: SenderChains.Verdict
        switch content {
        case .push(let content)?:
            ops = content.ops
            verdict = chains.take(from: push.client, cseq: push.cseq, previous: content.previous, ops: ops)
        case .ops(let legacy)?:
            ops = legacy
            verdict = chains.takeUnchained(from: push.client, cseq: push.cseq)
        default:
            return []
        }
        switch verdict {
        case .next:
            return ops
        case .replayed:
            report(CollabError.relayReplayed(sender: push.client.rawValue, number: push.cseq))
            return []
        case .afterGap(let missing):
            report(CollabError.relayWithheld(sender: push.client.rawValue, first: missing.lowerBound, last: missing.upperBound))
            return ops
        case .forked:
            report(CollabError.pushOffChain(sender: push.client.rawValue, number: push.cseq))
            return ops
        }
    }

    /// A welcome's snapshot, when it opens and is the state it says at the place it says.
    func openSnapshot(_ snapshot: SequencedSnapshot, epoch: String) -> (CollabState, SenderChains)? {
        guard
            isSigned(snapshot.signature, over: Signed.snapshot(room: room, seq: snapshot.seq, payload: snapshot.payload), at: snapshot.seq)
        else {
            report(CollabError.unsigned(kind: localized("a snapshot"), sender: nil))
            return nil
        }
        switch open(snapshot.payload, context(.snapshot, sender: nil, counter: snapshot.seq)) {
        case .roomSnapshot(let content)?:
            guard content.epoch == epoch, content.seq == snapshot.seq, content.state.digest == content.digest else {
                report(CollabError.snapshotMisplaced)
                return nil
            }
            return (content.state, content.senders)
        case .snapshot(let state)?:
            return (state, SenderChains())
        default:
            return nil
        }
    }
}
