import Foundation

/// One replica of a room (C3, C4, C6; COLLAB invariants 2–7), with no I/O of its own: the
/// transport hands it relay messages and sends the client messages it returns. What it shows is
/// the confirmed state (the relay's log as far as it is known) with my pending pushes re-applied
/// after every incoming op, so my edits never flicker and everyone's converge.
///
/// Who else is here and what they are dragging is not the room's state: `RoomPresence` takes
/// those frames beside the session.
///
/// Not thread-safe: the app drives it from one `@MainActor` consumer.
public final class SyncSession {
    public let room: String
    public let client: ClientID
    /// The relay's epoch the confirmed state belongs to; nil before the first welcome.
    public private(set) var epoch: String?
    /// The relay's log applied up to `confirmedSeq`.
    public private(set) var confirmed: CollabState
    public private(set) var confirmedSeq: Int
    /// My pushes the relay has not acknowledged, in cseq order.
    public private(set) var pending: [PendingPush]
    /// `confirmed` with `pending` re-applied: what the window shows.
    public private(set) var shown: CollabState
    public private(set) var history = UndoHistory()
    /// True between a welcome and the connection's end: pushes go out at once.
    public private(set) var isLive = false
    /// The last refusal from the relay, or a payload that could not be opened.
    public private(set) var lastProblem: String? {
        didSet { if lastProblem != nil { problemCount += 1 } }
    }
    /// Counts the problems said so far, so a window says each new one once (C10: a replay, a
    /// gap, an unsigned edit, a new epoch are all shown).
    public private(set) var problemCount = 0
    /// Whether anything of the room opened with this session's key: only then is a key worth
    /// keeping (C10).
    public private(set) var hasOpenedPayload = false

    private var nextCseq: Int
    private var nextCounter: Int
    /// The relay this session's outbox is for (recorded in it, C10).
    private let server: String?
    /// Binds my client id to me on the relay (C10): sent with each proof, kept in the outbox.
    private let secret: String
    /// Each sender's chain as far as `confirmed` goes (C10).
    public internal(set) var chains = SenderChains()
    /// The hash of my last push (pending or confirmed): what my next one names.
    private var chainHead: String?
    /// Someone's push lands on a multiple of this seq: its sender compacts the room (a snapshot).
    public static var compactionInterval: Int { CollabProtocol.compactionInterval }
    /// Pushes and a snapshot up to this seq may be unsigned: the log of a room made before
    /// protocol 3, in the welcome of the connection that proved it again (then compacted at once).
    private var unsignedThrough = 0
    /// Whether this connection's challenge asked to prove the room's old key.
    private var isUpgrading = false
    private let journal: OutboxJournal
    let sealer: PayloadSealer
    var random: SeededRandom

    /// Opens the session of `room`: the journal's identity and pending pushes when it has them
    /// (a restart after a crash), a new client otherwise. `replica` is the confirmed state kept
    /// from an earlier run; it is used only when it belongs to the journal's epoch.
    public init(
        room: String, journal: OutboxJournal, replica: ConfirmedReplica? = nil,
        sealer: PayloadSealer, random: SeededRandom = SeededRandom(), server: String? = nil
    ) throws {
        self.room = room
        self.server = server
        self.journal = journal
        self.sealer = sealer
        self.random = random
        if let record = try journal.load() {
            guard record.room == room else { throw CollabError.journalOfAnotherRoom(path: room) }
            client = record.client
            epoch = record.epoch
            nextCseq = record.nextCseq
            nextCounter = record.nextCounter
            pending = record.pending
            secret = record.secret ?? Self.newSecret()
            chainHead =
                record.chainHead ?? record.pending.last.map { SenderChains.linkHash(previous: $0.previous, cseq: $0.cseq, ops: $0.ops) }
        } else {
            client = ClientID.random(using: &self.random)
            epoch = nil
            nextCseq = 1
            nextCounter = 1
            pending = []
            secret = Self.newSecret()
        }
        // A replica without its senders' chains (written before protocol 2) is not used: the
        // relay sends the room again, and the chains with it.
        if let replica, replica.epoch == epoch, let senders = replica.senders {
            confirmed = replica.state
            confirmedSeq = replica.seq
            chains = senders
        } else {
            confirmed = CollabState()
            confirmedSeq = 0
        }
        shown = confirmed
        for push in pending { shown.apply(push.ops, from: client) }
        try journal.save(outboxRecord)
    }

    /// What the link gives (what `createRoom` registers, C10; whether this window may edit, C12).
    public var credentials: RoomCredentials { sealer.credentials }

    /// What to keep between runs (see `ConfirmedReplica`); nil before the first welcome.
    public var replica: ConfirmedReplica? {
        epoch.map { ConfirmedReplica(epoch: $0, seq: confirmedSeq, state: confirmed, senders: chains) }
    }

    /// 256 bits from the system's generator (never the seeded one: tests replay those).
    private static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// A new collaboration id for an emoji I add.
    public func newCollabID() -> CollabID {
        defer { nextCounter += 1 }
        return CollabID(client: client, counter: nextCounter)
    }

    // MARK: - My edits

    /// Applies one action of mine: shown at once, journaled before it is sent (invariant 2), one
    /// undo step (joined to the last with `joining`, for gestures and bursts; none when not
    /// `undoable`: a document entering a room is not a step to undo). Returns what to send: the
    /// push when live, nothing while offline (it goes out after the next welcome).
    @discardableResult
    public func perform(_ ops: [CollabOp], named name: String, joining: Bool = false, undoable: Bool = true) throws -> [ClientMessage] {
        guard !ops.isEmpty else { return [] }
        guard credentials.canEdit else { throw CollabError.viewOnly }
        var changes = [UndoChange]()
        let messages = try submit(ops) { state, op in
            let before = Self.undoValue(of: op, in: state)
            state.apply(op, from: client)
            let after = Self.undoValue(of: op, in: state)
            if let target = Self.undoTarget(of: op), let before, let after, before != after {
                if let index = changes.firstIndex(where: { $0.target == target }) {
                    changes[index].after = after
                } else {
                    changes.append(UndoChange(target: target, before: before, after: after))
                }
            }
        }
        changes.removeAll { $0.before == $0.after }
        if undoable { history.record(UndoStep(name: name, changes: changes), joining: joining) }
        return messages
    }

    /// Undoes my last step where it still can (C4): only fields I wrote last and that still hold
    /// my value; the others are left to whoever changed them.
    public func undo() throws -> UndoOutcome {
        guard let step = history.undoSteps.last else { return .empty }
        let (ops, redone) = reversal(of: step.changes.reversed(), from: \.after, to: \.before)
        guard !ops.isEmpty else {
            _ = history.popUndo()
            return .nothingLeft(name: step.name)
        }
        let messages = try submit(ops) { state, op in state.apply(op, from: client) }
        _ = history.popUndo()
        history.pushRedo(UndoStep(name: step.name, changes: redone.reversed()))
        return .done(name: step.name, partially: redone.count < step.changes.count, messages: messages)
    }

    /// Redoes what the last undo changed, where it still holds what the undo left.
    public func redo() throws -> UndoOutcome {
        guard let step = history.redoSteps.last else { return .empty }
        let (ops, redone) = reversal(of: step.changes, from: \.before, to: \.after)
        guard !ops.isEmpty else {
            _ = history.popRedo()
            return .nothingLeft(name: step.name)
        }
        let messages = try submit(ops) { state, op in state.apply(op, from: client) }
        _ = history.popRedo()
        history.pushUndo(UndoStep(name: step.name, changes: redone))
        return .done(name: step.name, partially: redone.count < step.changes.count, messages: messages)
    }

    /// Ops that set each change's target from `current` back to `goal`, for the targets that still
    /// hold my `current`, with the changes they make (in the given order).
    private func reversal(
        of changes: some Sequence<UndoChange>, from current: KeyPath<UndoChange, UndoValue>,
        to goal: KeyPath<UndoChange, UndoValue>
    ) -> ([CollabOp], [UndoChange]) {
        var ops = [CollabOp]()
        var made = [UndoChange]()
        for change in changes where holdsMine(change.target, change[keyPath: current]) {
            switch (change.target, change[keyPath: goal], change[keyPath: current]) {
            case (.emoji(let cid, _), .field(let value), .field(let expected)):
                ops.append(.set(cid: cid, value: value, expected: expected))
            case (.background, .background(let value), .background(let expected)):
                ops.append(.background(value, expected: expected))
            default:
                continue
            }
            made.append(change)
        }
        return (ops, made)
    }

    private func holdsMine(_ target: UndoTarget, _ value: UndoValue) -> Bool {
        switch (target, value) {
        case (.emoji(let cid, let field), .field(let expected)):
            guard let record = shown.emojis[cid] else { return false }
            return record.writer(of: field) == client && record[field] == expected
        case (.background, .background(let expected)):
            return shown.background.writer == client && shown.background.value == expected
        default:
            return false
        }
    }

    /// Journals a new push (before anything else changes, so a failed write changes nothing),
    /// applies it to `shown` through `apply`, and returns the push to send when live.
    private func submit(_ ops: [CollabOp], apply: (inout CollabState, CollabOp) -> Void) throws -> [ClientMessage] {
        let push = PendingPush(cseq: nextCseq, ops: ops, previous: chainHead)
        let head = SenderChains.linkHash(previous: push.previous, cseq: push.cseq, ops: ops)
        var record = outboxRecord
        record.pending.append(push)
        record.nextCseq += 1
        record.chainHead = head
        try journal.save(record)
        pending.append(push)
        nextCseq += 1
        chainHead = head
        for op in ops { apply(&shown, op) }
        return isLive ? [message(for: push)] : []
    }

    // MARK: - The connection

    /// A connection is open: the first frame to send.
    public func connected() -> [ClientMessage] {
        isLive = false
        isUpgrading = false
        return [.hello(ClientMessage.Hello(room: room, client: client, lastSeq: confirmedSeq, epoch: epoch))]
    }

    /// The connection is gone; edits wait in the outbox until the next welcome.
    public func disconnected() {
        isLive = false
    }

    /// Handles one relay message; returns what to send in answer.
    public func receive(_ message: RelayMessage) throws -> [ClientMessage] {
        if let problem = Self.outOfRange(message) {
            lastProblem = problem.description
            throw problem
        }
        switch message {
        case .challenge(let challenge):
            isUpgrading = challenge.upgrade && credentials.canEdit
            if challenge.upgrade, !credentials.canEdit { lastProblem = CollabError.needsEditLinkOnce.description }
            return [.proof(credentials.proof(answering: challenge, room: room, client: client, secret: secret))]
        case .welcome(let welcome):
            return try handleWelcome(welcome)
        case .op(let push):
            guard isLive, push.seq > confirmedSeq else { return [] }
            guard push.seq == confirmedSeq + 1 else {
                // A gap (should not happen on an ordered connection): ask again from where we are.
                return connected()
            }
            applyConfirmed(push)
            // Compaction (COLLAB): the sender of every thousandth push snapshots the room.
            if push.client == client, push.seq % Self.compactionInterval == 0, credentials.canEdit, let snapshot = try? snapshotMessage() {
                return [snapshot]
            }
            return []
        case .preview, .presence, .left:
            // The others' frames, not the room's state: `RoomPresence`'s.
            return []
        case .error(let error):
            lastProblem = error.sentence
            return []
        case .pong:
            return []
        }
    }

    private func handleWelcome(_ welcome: RelayMessage.Welcome) throws -> [ClientMessage] {
        // A relay that acknowledges pushes I never made would drop my edits (C10).
        guard welcome.ackedCseq < nextCseq else {
            let problem = CollabError.unreadableMessage(
                reason: "the welcome acknowledges edit \(welcome.ackedCseq), but this window made \(nextCseq - 1)")
            lastProblem = problem.description
            throw problem
        }
        let isNewEpoch = epoch != nil && welcome.epoch != epoch
        var ackedCseq = welcome.ackedCseq
        if isNewEpoch, ackedCseq != 0 {
            // A room started afresh holds nothing of mine yet: nothing waiting is dropped (C10).
            lastProblem = CollabError.foreignAcknowledgement(number: ackedCseq).description
            ackedCseq = 0
        }
        let rolledBack = !isNewEpoch && epoch != nil && welcome.seq < confirmedSeq
        let lostData = isNewEpoch || rolledBack
        if rolledBack {
            // Within one epoch the relay only ever grows its log (it syncs before it answers):
            // going back is a relay that lost its disk or lies. Said, then mended like a loss.
            lastProblem = CollabError.relayRolledBack.description
        } else if isNewEpoch {
            lastProblem = CollabError.roomStartedAfresh.description
        }
        // Invariant 7: the relay lost what I had confirmed. What this window shows goes out again
        // as idempotent adds after my pending pushes. Chains and cseqs carry on across epochs, so a
        // push of an earlier epoch replayed into this one is still a replay (C10).
        let republished = lostData && credentials.canEdit ? Self.republication(of: shown) : []
        if lostData {
            confirmed = CollabState()
            confirmedSeq = 0
        }
        epoch = welcome.epoch
        unsignedThrough = isUpgrading ? welcome.seq : 0
        if let snapshot = welcome.snapshot {
            // One that does not open (another key, tampered), is unsigned or is not what it says
            // changes nothing (C10): the state stays what it was, and the ops after it apply to that.
            if let (state, senders) = openSnapshot(snapshot, epoch: welcome.epoch) {
                confirmed = state
                chains.merge(senders)
            }
            confirmedSeq = snapshot.seq
        }
        for push in welcome.ops where push.seq == confirmedSeq + 1 {
            confirmed.apply(takeOps(of: push), from: push.client)
            confirmedSeq = push.seq
        }
        if !isNewEpoch { pending.removeAll { $0.cseq <= ackedCseq } }
        if lostData {
            // Numbered past everything I ever sent: another member may have taken a push of mine
            // the relay then lost, and must not see its number again as a replay.
            pending = (pending.map(\.ops) + (republished.isEmpty ? [] : [republished])).map { ops in
                defer { nextCseq += 1 }
                let push = PendingPush(cseq: nextCseq, ops: ops, previous: chainHead)
                chainHead = SenderChains.linkHash(previous: push.previous, cseq: push.cseq, ops: ops)
                return push
            }
        }
        try journal.save(outboxRecord)
        shown = confirmed
        for push in pending { shown.apply(push.ops, from: client) }
        isLive = true
        // Invariant 6: every unacknowledged push again, in order. A room proven again compacts
        // at once, so its unsigned log is gone for everyone who joins after.
        var messages = pending.map(message(for:))
        if isUpgrading, confirmedSeq == welcome.seq, confirmedSeq > 0, let snapshot = try? snapshotMessage() {
            messages.insert(snapshot, at: 0)
        }
        unsignedThrough = 0
        return messages
    }

    /// One ordered push: to `confirmed`; then either it is my oldest pending push coming back
    /// (shown stays as it is) or the records it touched are rebased: confirmed, then my pending
    /// ops on them again (records are independent, so only those need it).
    private func applyConfirmed(_ push: SequencedPush) {
        let ops = takeOps(of: push)
        confirmed.apply(ops, from: push.client)
        confirmedSeq = push.seq
        if push.client == client, pending.first?.cseq == push.cseq {
            pending.removeFirst()
            // Best effort: if this write fails, the next welcome's ackedCseq drops it again.
            try? journal.save(outboxRecord)
            return
        }
        if push.client == client {
            pending.removeAll { $0.cseq <= push.cseq }
            try? journal.save(outboxRecord)
        }
        let cids = Set(ops.compactMap(\.cid))
        let background = ops.contains { $0.cid == nil }
        for cid in cids { shown.copyRecord(cid, from: confirmed) }
        if background { shown.copyBackground(from: confirmed) }
        for pendingPush in pending {
            for op in pendingPush.ops where op.cid.map(cids.contains) ?? background {
                shown.apply(op, from: client)
            }
        }
    }

    /// Opens a payload; one that cannot be opened (tampered, or sealed with another key) counts
    /// as empty on every replica alike, and is reported.
    func open(_ payload: Payload, _ context: SealContext) -> PayloadContent? {
        do {
            let content = try sealer.open(payload, context: context)
            hasOpenedPayload = true
            return content
        } catch {
            lastProblem = String(describing: error)
            return nil
        }
    }

    /// What a payload of this room, in the current epoch, is sealed with.
    func context(_ kind: SealContext.Kind, sender: ClientID?, counter: Int) -> SealContext {
        SealContext(room: room, epoch: epoch ?? "", kind: kind, sender: sender, counter: counter)
    }

    /// Whether a push or snapshot at `seq` is the edit key's (C10, C12): signed over `message`,
    /// or, in the welcome of a room proven again just now, from its log before protocol 3.
    func isSigned(_ signature: String?, over message: [UInt8], at seq: Int) -> Bool {
        (signature == nil && seq <= unsignedThrough) || credentials.isEdit(message, signedWith: signature)
    }

    /// Says what went wrong, for the person (`lastProblem`).
    func report(_ problem: some Error) {
        lastProblem = String(describing: problem)
    }

    private func message(for push: PendingPush) -> ClientMessage {
        // Sealing plain content cannot fail; a sealer that fails sends an empty push, which
        // every replica applies as nothing, rather than stopping the outbox.
        let payload =
            (try? sealer.seal(
                .push(PushContent(previous: push.previous, ops: push.ops)), context: context(.push, sender: client, counter: push.cseq)))
            ?? .plain(.ops([]))
        let signature = credentials.sign(Signed.push(room: room, client: client, cseq: push.cseq, payload: payload))
        return .push(ClientMessage.Push(cseq: push.cseq, payload: payload, signature: signature))
    }

    private var outboxRecord: OutboxRecord {
        OutboxRecord(
            room: room, client: client, epoch: epoch, nextCseq: nextCseq, nextCounter: nextCounter, pending: pending, secret: secret,
            chainHead: chainHead, server: server)
    }
}
