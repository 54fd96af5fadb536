import Crypto
import EmojiArtCore
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
    /// What admits the room's members (`RoomVerifier.stored`, C10): its public keys, or a room
    /// from before protocol 3's old access key until an editor proves it; nil for a room made
    /// before protocol 2, which admits nobody.
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
                message:
                    "This relay speaks version \(CollabProtocol.version) of the protocol (EmojiArt 0.3 and later; 0.2 spoke version 2); update EmojiArt on one side.",
                limit: CollabProtocol.version)
        }
        guard hello.room == id else {
            return RelayError(code: .badRoom, message: "There is no room “\(hello.room)” on this relay; check the link.")
        }
        return nil
    }

    /// Admits the client of `hello` in the role its proof shows (C10, C12): a signature over
    /// `nonce` with the room's edit or view key, and the secret its id was first admitted with.
    /// A room made before protocol 3 is proven with its old key and the edit key together, and
    /// then keeps only the public keys; one made before protocol 2 (no verifier) admits nobody.
    /// What it changed is in the admission, for the caller to persist.
    public mutating func admit(_ hello: ClientMessage.Hello, proof: ClientMessage.Proof, nonce: String) -> Result<Admission, RelayError> {
        let notMember = RelayError(code: .notMember, message: "The proof does not show this room’s key.")
        guard let stored = verifier, var roomVerifier = RoomVerifier(stored: stored) else {
            return .failure(
                RelayError(
                    code: .notMember,
                    message: "This room was made by an EmojiArt older than version 2 and cannot be proven; share the document again."))
        }
        var upgraded: String?
        if case .legacy(let access) = roomVerifier {
            guard let upgrade = proof.upgrade, proof.role == .edit,
                LegacyAccess(key: access).admits(proof: upgrade.proof, nonce: nonce, room: id, client: hello.client),
                let keys = RoomVerifier(RoomRegistration(editor: upgrade.editor, viewer: upgrade.viewer))
            else { return .failure(notMember) }
            roomVerifier = keys
            upgraded = keys.stored
        }
        guard let role = roomVerifier.role(of: proof, nonce: nonce, room: id, client: hello.client) else { return .failure(notMember) }
        guard let secret = Base64URL.decode(proof.secret), (16...64).contains(secret.count) else {
            return .failure(RelayError(code: .badMessage, message: "A proof’s secret must be 16 to 64 bytes of base64url."))
        }
        let secretHash = SHA256.hash(data: secret)
        if let bound = clientSecrets[hello.client] {
            // A digest compares in constant time.
            guard let boundBytes = Base64URL.decode(bound), secretHash == boundBytes else {
                return .failure(RelayError(code: .clientTaken, message: "Another member uses the client id \(hello.client)."))
            }
        }
        var admission = Admission(client: hello.client, role: role)
        if let upgraded {
            verifier = upgraded
            admission.registeredVerifier = upgraded
        }
        if clientSecrets[hello.client] == nil {
            let hash = Base64URL.encode(secretHash)
            clientSecrets[hello.client] = hash
            admission.boundSecretHash = hash
        }
        return .success(admission)
    }

    /// The room's edit key (public): what every push and snapshot must be signed with.
    public var editorKey: [UInt8]? {
        verifier.flatMap(RoomVerifier.init(stored:))?.editorKey
    }

    /// Whether an image upload named `name` is an editor's (C10): `signature` is the edit key's
    /// over `Signed.blob`. Strangers and viewers cannot fill the relay's disk.
    public func admitsUpload(named name: String, signature: String?) -> Bool {
        guard let editorKey, let signature else { return false }
        return Ed25519.isValid(signature, for: Signed.blob(room: id, name: name), publicKey: editorKey)
    }

    /// Why the room does not take `push` from `client` (C10): a number out of range, or no
    /// edit key's signature. nil when it takes it.
    public func refusal(of push: ClientMessage.Push, from client: ClientID) -> RelayError? {
        guard (1...CollabProtocol.maxSequence).contains(push.cseq) else {
            return RelayError(code: .badMessage, message: "An edit’s number must be between 1 and \(CollabProtocol.maxSequence).")
        }
        guard let editorKey, let signature = push.signature,
            Ed25519.isValid(
                signature, for: Signed.push(room: id, client: client, cseq: push.cseq, payload: push.payload), publicKey: editorKey)
        else {
            return RelayError(code: .badSignature, message: "The edit is not signed with this room’s edit key; it was not taken.")
        }
        return nil
    }

    /// Why the room does not take `push` as its snapshot from `client` (C10): only at a
    /// compaction point whose push was `client`'s (or where `client` proved the room again
    /// just now, `upgradeSeq`), signed with the edit key.
    public func refusal(ofSnapshot push: ClientMessage.SnapshotPush, from client: ClientID, upgradeSeq: Int?) -> RelayError? {
        let snapshotSeq = snapshot?.seq ?? 0
        let index = push.seq - snapshotSeq - 1
        let isCompactionPoint =
            push.seq % CollabProtocol.compactionInterval == 0 && index >= 0 && index < durableCount && log[index].client == client
        guard isCompactionPoint || (push.seq == upgradeSeq && push.seq > snapshotSeq) else {
            return RelayError(
                code: .badSignature,
                message: "A snapshot is taken only at a compaction point, from the member whose edit landed there.")
        }
        guard let editorKey, let signature = push.signature,
            Ed25519.isValid(signature, for: Signed.snapshot(room: id, seq: push.seq, payload: push.payload), publicKey: editorKey)
        else {
            return RelayError(code: .badSignature, message: "The snapshot is not signed with this room’s edit key; it was not taken.")
        }
        return nil
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
        log.append(SequencedPush(seq: seq + 1, client: client, cseq: push.cseq, payload: push.payload, signature: push.signature))
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
        for push in setAside {
            receive(ClientMessage.Push(cseq: push.cseq, payload: push.payload, signature: push.signature), from: push.client)
        }
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

    /// The room's data was lost (a new disk, a wiped folder) and made again by a member with the
    /// same keys (`PUT /room`): a new epoch, an empty log, the same public keys.
    public mutating func loseEverything(newEpoch: String) {
        epoch = newEpoch
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
        snapshot = SequencedSnapshot(seq: push.seq, ackedCseqs: acked, payload: push.payload, signature: push.signature)
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
    public var role: RoomRole
    /// The room's public keys, when this admission registered them (a room from before protocol 3).
    public var registeredVerifier: String?
    /// The hash of the client's secret, when this admission bound its id for the first time.
    public var boundSecretHash: String?

    public init(client: ClientID, role: RoomRole = .edit, registeredVerifier: String? = nil, boundSecretHash: String? = nil) {
        self.client = client
        self.role = role
        self.registeredVerifier = registeredVerifier
        self.boundSecretHash = boundSecretHash
    }
}
