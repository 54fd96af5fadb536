import Foundation

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
    /// The room's access verifier (C10), registered by its creator; nil for a room made before
    /// protocol 2, until its first member registers it.
    public private(set) var verifier: String?
    /// The hash of each client id's secret, bound when the relay first admitted it.
    public private(set) var clientSecrets: [ClientID: String] = [:]

    public init(id: String, epoch: String, verifier: String?) {
        self.id = id
        self.epoch = epoch
        self.verifier = verifier
    }

    /// A room read back from the relay's data folder: all of it durable.
    public init(
        id: String, epoch: String, verifier: String?, clientSecrets: [ClientID: String] = [:],
        snapshot: SequencedSnapshot?, log: [SequencedPush]
    ) {
        self.id = id
        self.epoch = epoch
        self.verifier = verifier
        self.clientSecrets = clientSecrets
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

    /// Why a hello cannot go on to a challenge: another protocol version, another room.
    public func refusal(of hello: ClientMessage.Hello) -> RelayError? {
        guard hello.version == CollabProtocol.version else {
            return RelayError(
                code: .badVersion,
                message: "This relay speaks version \(CollabProtocol.version) of the protocol; update EmojiArt on one side.",
                limit: CollabProtocol.version)
        }
        guard hello.room == id else {
            return RelayError(code: .badRoom, message: "There is no room “\(hello.room)” on this relay; check the link.")
        }
        return nil
    }

    /// Admits the client of `hello` when `proof` answers `nonce` with the room's access key and
    /// its secret is the one its id was first admitted with (C10). Registers the verifier of a
    /// room from before protocol 2, and binds a client id seen for the first time; what it
    /// changed is in the admission, for the caller to persist.
    public mutating func admit(_ hello: ClientMessage.Hello, proof: ClientMessage.Proof, nonce: String) -> Result<Admission, RelayError> {
        let notMember = RelayError(code: .notMember, message: "The proof does not show this room's key.")
        guard let verifierText = verifier ?? proof.verifier, let access = RoomAccess(verifier: verifierText),
            access.admits(proof: proof.proof, nonce: nonce, room: id, client: hello.client)
        else { return .failure(notMember) }
        guard let secret = Base64URL.decode(proof.secret), (16...64).contains(secret.count) else {
            return .failure(RelayError(code: .badMessage, message: "A proof's secret must be 16 to 64 bytes of base64url."))
        }
        let secretHash = SHA256.digest(Data(secret))
        if let bound = clientSecrets[hello.client] {
            guard let boundBytes = Base64URL.decode(bound), HMAC.constantTimeEqual(boundBytes, secretHash) else {
                return .failure(RelayError(code: .clientTaken, message: "Another member uses the client id \(hello.client)."))
            }
        }
        var admission = Admission(client: hello.client)
        if verifier == nil {
            verifier = verifierText
            admission.registeredVerifier = verifierText
        }
        if clientSecrets[hello.client] == nil {
            let hash = Base64URL.encode(secretHash)
            clientSecrets[hello.client] = hash
            admission.boundSecretHash = hash
        }
        return .success(admission)
    }

    /// The answer to a hello: durable pushes the client lacks (with the snapshot when its
    /// lastSeq is older than the log kept, or from another epoch) and its highest durable cseq.
    public func welcome(_ hello: ClientMessage.Hello) -> RelayMessage {
        if let refusal = refusal(of: hello) { return .error(refusal) }
        let start = hello.epoch == epoch && hello.lastSeq <= durableSeq ? hello.lastSeq : 0
        let snapshotSeq = snapshot?.seq ?? 0
        let sendsSnapshot = start < snapshotSeq
        let from = max(start, snapshotSeq) - snapshotSeq
        return .welcome(
            RelayMessage.Welcome(
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
        receivedCseq =
            snapshot.map { snapshot in
                Dictionary(uniqueKeysWithValues: snapshot.ackedCseqs.compactMap { key, value in ClientID(key).map { ($0, value) } })
            } ?? [:]
        for push in log { receivedCseq[push.client] = max(receivedCseq[push.client] ?? 0, push.cseq) }
    }

    /// Another writer of the room (a relay on the same database) decided the order: `durable`
    /// are the pushes the store holds after `durableSeq`, in its order. What was received here
    /// and not yet durable is set aside, `durable` becomes the log, and what was set aside is
    /// received again after it, unless `durable` holds its (client, cseq) already. Returns the
    /// pushes that became durable; nil when `durable` does not follow `durableSeq` (a gap: the
    /// room must be read again).
    public mutating func settle(_ durable: [SequencedPush]) -> ArraySlice<SequencedPush>? {
        for (offset, push) in durable.enumerated() where push.seq != durableSeq + 1 + offset { return nil }
        let setAside = Array(log[durableCount...])
        // With nothing set aside, the cseqs received are those of the durable log already.
        if !setAside.isEmpty { crash() }
        let start = log.count
        log.append(contentsOf: durable)
        durableCount = log.count
        for push in durable { receivedCseq[push.client] = max(receivedCseq[push.client] ?? 0, push.cseq) }
        for push in setAside { receive(ClientMessage.Push(cseq: push.cseq, payload: push.payload), from: push.client) }
        return log[start..<durableCount]
    }

    /// A client id another relay bound (C10): kept unless this room bound it already.
    public mutating func learnBinding(_ client: ClientID, secretHash: String) {
        if clientSecrets[client] == nil { clientSecrets[client] = secretHash }
    }

    /// Another relay bound `client` before this room's binding reached the shared store: the
    /// store's binding replaces the one made here.
    public mutating func yieldBinding(_ client: ClientID, to secretHash: String) {
        clientSecrets[client] = secretHash
    }

    /// The room's data was lost (a new disk, a wiped folder): a new epoch, an empty log.
    public mutating func loseEverything(newEpoch: String) {
        epoch = newEpoch
        verifier = nil
        clientSecrets = [:]
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

/// What admitting a member changed in a room (C10), for the relay to persist.
public struct Admission: Hashable, Sendable {
    public var client: ClientID
    /// The room's verifier, when this admission registered it (a room from before protocol 2).
    public var registeredVerifier: String?
    /// The hash of the client's secret, when this admission bound its id for the first time.
    public var boundSecretHash: String?

    public init(client: ClientID, registeredVerifier: String? = nil, boundSecretHash: String? = nil) {
        self.client = client
        self.registeredVerifier = registeredVerifier
        self.boundSecretHash = boundSecretHash
    }
}
