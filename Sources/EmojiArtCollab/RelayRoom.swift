/// The relay's ordering of one room (C1, invariants 1, 2, 7), as a value with no I/O: the relay
/// process persists what `commit()` makes durable; tests run it in memory and crash it at will.
///
/// The log is append-only, `seq` grows by one per push, and a (client, cseq) enters it at most
/// once, so a resent push is harmless. A push is only *received* until `commit()` — the fsync
/// point — makes it durable; only durable pushes are acknowledged, broadcast or sent in a
/// welcome, so a crash (`crash()`, dropping the received tail) never loses one a client saw.
/// The relay never reads payloads.
public struct RelayRoom: Sendable {
    public let id: String
    /// Changes when the room's data was lost (`loseEverything`), so clients push their whole state again.
    public private(set) var epoch: String
    /// The compacted start of the log, if a client sent one.
    public private(set) var snapshot: SequencedSnapshot?
    /// The pushes after the snapshot, durable ones first.
    public private(set) var log: [SequencedPush] = []
    /// How many of `log` are durable.
    public private(set) var durableCount = 0
    /// Each client's highest cseq received (durable or not): later pushes must be above it.
    private var receivedCseq: [ClientID: Int] = [:]

    public init(id: String, epoch: String) {
        self.id = id
        self.epoch = epoch
    }

    /// A room read back from the relay's data folder: all of it durable.
    public init(id: String, epoch: String, snapshot: SequencedSnapshot?, log: [SequencedPush]) {
        self.id = id
        self.epoch = epoch
        self.snapshot = snapshot
        self.log = log
        durableCount = log.count
        crash()
    }

    /// The last seq handed out, durable or not.
    public var seq: Int { (snapshot?.seq ?? 0) + log.count }
    /// The last durable seq.
    public var durableSeq: Int { (snapshot?.seq ?? 0) + durableCount }
    public var durableLog: ArraySlice<SequencedPush> { log[..<durableCount] }

    /// The answer to a hello: durable pushes the client lacks (with the snapshot when its
    /// lastSeq is older than the log kept, or from another epoch) and its highest durable cseq.
    public func welcome(_ hello: ClientMessage.Hello) -> RelayMessage {
        guard hello.version == CollabProtocol.version else {
            return .error(RelayError(
                code: .badVersion, message: "This relay speaks version \(CollabProtocol.version) of the protocol; update EmojiArt on one side.",
                limit: CollabProtocol.version))
        }
        guard hello.room == id else {
            return .error(RelayError(code: .badRoom, message: "There is no room “\(hello.room)” on this relay; check the link."))
        }
        let start = hello.epoch == epoch && hello.lastSeq <= durableSeq ? hello.lastSeq : 0
        let snapshotSeq = snapshot?.seq ?? 0
        let sendsSnapshot = start < snapshotSeq
        let from = max(start, snapshotSeq) - snapshotSeq
        return .welcome(RelayMessage.Welcome(
            epoch: epoch, seq: durableSeq, ackedCseq: durableCseq(of: hello.client),
            snapshot: sendsSnapshot ? snapshot : nil, ops: Array(log[from..<durableCount])))
    }

    /// Takes a push into the log (not yet durable); false when that (client, cseq) was seen already.
    @discardableResult
    public mutating func receive(_ push: ClientMessage.Push, from client: ClientID) -> Bool {
        guard push.cseq > (receivedCseq[client] ?? 0) else { return false }
        receivedCseq[client] = push.cseq
        log.append(SequencedPush(seq: seq + 1, client: client, cseq: push.cseq, payload: push.payload))
        return true
    }

    /// The fsync point: everything received is durable now. Returns the pushes that became
    /// durable, to acknowledge and broadcast in order.
    public mutating func commit() -> ArraySlice<SequencedPush> {
        let new = log[durableCount...]
        durableCount = log.count
        return new
    }

    /// The relay process died: what was received but not durable is gone.
    public mutating func crash() {
        log.removeLast(log.count - durableCount)
        receivedCseq = snapshot.map { snapshot in
            Dictionary(uniqueKeysWithValues: snapshot.ackedCseqs.compactMap { key, value in ClientID(key).map { ($0, value) } })
        } ?? [:]
        for push in log { receivedCseq[push.client] = max(receivedCseq[push.client] ?? 0, push.cseq) }
    }

    /// The room's data was lost (a new disk, a wiped folder): a new epoch, an empty log.
    public mutating func loseEverything(newEpoch: String) {
        epoch = newEpoch
        snapshot = nil
        log = []
        durableCount = 0
        receivedCseq = [:]
    }

    /// Compaction: a client's snapshot of the state at a durable `seq` replaces the log up to it.
    /// Refused (false) for a seq that is not durable or not past the current snapshot.
    @discardableResult
    public mutating func compact(_ push: ClientMessage.SnapshotPush) -> Bool {
        let snapshotSeq = snapshot?.seq ?? 0
        guard push.seq > snapshotSeq, push.seq <= durableSeq else { return false }
        let dropped = push.seq - snapshotSeq
        var acked = snapshot?.ackedCseqs ?? [:]
        for entry in log[..<dropped] { acked[entry.client.rawValue] = max(acked[entry.client.rawValue] ?? 0, entry.cseq) }
        snapshot = SequencedSnapshot(seq: push.seq, ackedCseqs: acked, payload: push.payload)
        log.removeFirst(dropped)
        durableCount -= dropped
        return true
    }

    private func durableCseq(of client: ClientID) -> Int {
        let inLog = durableLog.last { $0.client == client }?.cseq
        return inLog ?? snapshot?.ackedCseqs[client.rawValue] ?? 0
    }
}
