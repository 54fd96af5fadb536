import Foundation

/// The session's rules that need no state: what an op's undo targets, what a relay's numbers
/// may be, what a lost room is pushed again as.
extension SyncSession {
    static func undoTarget(of op: CollabOp) -> UndoTarget? {
        switch op {
        case .add(let values): .emoji(values.cid, .deleted)
        case .set(let cid, let value, _): .emoji(cid, value.field)
        case .background: .background
        }
    }

    /// The target's value in `state`; an emoji that does not exist yet counts as deleted, so
    /// undoing an add deletes it.
    static func undoValue(of op: CollabOp, in state: CollabState) -> UndoValue? {
        switch undoTarget(of: op) {
        case .emoji(let cid, let field)?:
            guard let record = state.emojis[cid] else { return field == .deleted ? .field(.deleted(true)) : nil }
            return .field(record[field])
        case .background?: return .background(state.background.value)
        case nil: return nil
        }
    }

    /// A relay message whose numbers no honest relay sends: beyond what a room can reach, or
    /// negative. Checked before anything adds to them (a client never traps on them, C10).
    static func outOfRange(_ message: RelayMessage) -> CollabError? {
        let numbers: [Int]
        switch message {
        case .welcome(let welcome):
            // An op's own numbers are checked where it is taken: a bad one is skipped, never a
            // reason to refuse the whole welcome (C10).
            numbers = [welcome.seq, welcome.ackedCseq] + (welcome.snapshot.map { [$0.seq] } ?? [])
        case .op(let push):
            numbers = [push.seq]
        case .error(let error):
            numbers = error.limit.map { [$0] } ?? []
        case .challenge, .preview, .presence, .left, .pong:
            numbers = []
        }
        guard let bad = numbers.first(where: { !(0...CollabProtocol.maxSequence).contains($0) }) else { return nil }
        return .unreadableMessage(reason: "the number \(bad) is out of range")
    }

    static func republication(of state: CollabState) -> [CollabOp] {
        var ops = state.emojis.values.sorted { $0.cid < $1.cid }.map { record in
            var values = record.values
            values.restored = true
            return CollabOp.add(values)
        }
        if state.background.value != .blank { ops.append(.background(state.background.value)) }
        return ops
    }
}
