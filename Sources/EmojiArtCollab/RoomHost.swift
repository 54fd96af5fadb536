import Foundation

/// One room as a relay serves it to its connections (C1), with no I/O: the tests' `InMemoryRelay` and the
/// real relay (`EmojiArtRelay`) both drive it, so what tests check in memory is what runs.
///
/// The caller serializes calls. A push is only received by `handle`; the caller makes it durable
/// (the relay appends it to its log file and fsyncs) and then calls `commit()`, which returns the
/// acknowledgements and broadcasts (invariant 2). Everything addressed to a connection is returned
/// as `Delivery` values, in the order to send them.
public final class RoomHost {
    public struct Connection: Hashable, Sendable {
        public let id: Int
        public init(_ id: Int) { self.id = id }
    }

    public struct Delivery: Hashable, Sendable {
        public var to: Connection
        public var message: RelayMessage
    }

    public struct Limits: Hashable, Sendable {
        /// The payload bytes the log may hold after the last snapshot; beyond it pushes are
        /// refused (`tooLarge`) until a client compacts the room.
        public var maxLogBytes: Int
        /// The largest snapshot payload accepted.
        public var maxSnapshotBytes: Int

        public init(maxLogBytes: Int = RelayDefaults.maxRoomMegabytes * 1024 * 1024, maxSnapshotBytes: Int = CollabProtocol.maxFrameBytes) {
            self.maxLogBytes = maxLogBytes
            self.maxSnapshotBytes = maxSnapshotBytes
        }
    }

    /// What `handle` changed that the caller must persist before `commit()`.
    public enum Change: Hashable, Sendable {
        case received(SequencedPush)
        case compacted(SequencedSnapshot)
        /// A member was admitted and registered the room's verifier or bound its client id.
        case admitted(Admission)
    }

    public private(set) var room: RelayRoom
    public let limits: Limits
    /// Connections that proved membership, and who they are. Nothing of the room reaches, and
    /// nothing but a proof or a ping is taken from, any other connection (C10).
    public private(set) var members: [Connection: ClientID] = [:]
    /// Members admitted with a view link (C12): they read and show their pointers, never edit.
    public private(set) var viewers: Set<Connection> = []
    /// Where a member proved a room from before protocol 3 again: its snapshot there replaces
    /// the unsigned log.
    private var upgradeSeqs: [Connection: Int] = [:]
    /// Connections that said hello and were sent a challenge, waiting for their proof.
    private var challenged: [Connection: (hello: ClientMessage.Hello, nonce: String)] = [:]
    /// Payload bytes of the log after the snapshot (durable or not).
    public private(set) var logBytes: Int
    private let makeNonce: () -> String

    public init(room: RelayRoom, limits: Limits = Limits(), makeNonce: @escaping () -> String = RoomHost.randomNonce) {
        self.room = room
        self.limits = limits
        self.makeNonce = makeNonce
        logBytes = room.log.reduce(0) { $0 + Self.size(of: $1.payload) }
    }

    /// 128 random bits, base64url.
    public static func randomNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// One client frame: what to send at once, and what changed (to persist, then `commit()`).
    public func handle(_ message: ClientMessage, from connection: Connection) -> (deliveries: [Delivery], change: Change?) {
        guard let client = members[connection] else { return handleStranger(message, from: connection) }
        switch message {
        case .hello, .proof:
            return ([], nil)
        case .push where viewers.contains(connection), .snapshot where viewers.contains(connection):
            return ([error(.viewOnly, "This link only views the room; its edits are not taken.", to: connection)], nil)
        case .push(let push):
            if let refusal = room.refusal(of: push, from: client) { return ([Delivery(to: connection, message: .error(refusal))], nil) }
            let size = Self.size(of: push.payload)
            guard logBytes + size <= limits.maxLogBytes else {
                return (
                    [
                        error(
                            .roomLogFull,
                            "The room is full (\(limits.maxLogBytes / 1_048_576) MB of edits since its last snapshot); open it in EmojiArt to compact it, or share the document as a new room.",
                            limit: limits.maxLogBytes, to: connection)
                    ], nil
                )
            }
            guard room.receive(push, from: client), let received = room.log.last else { return ([], nil) }
            logBytes += size
            return ([], .received(received))
        case .snapshot(let snapshot):
            guard Self.size(of: snapshot.payload) <= limits.maxSnapshotBytes else {
                return (
                    [
                        error(
                            .snapshotTooLarge,
                            "The room’s snapshot is larger than the \(limits.maxSnapshotBytes / 1_048_576) MB a room accepts.",
                            limit: limits.maxSnapshotBytes, to: connection)
                    ], nil
                )
            }
            if let refusal = room.refusal(ofSnapshot: snapshot, from: client, upgradeSeq: upgradeSeqs[connection]) {
                return ([Delivery(to: connection, message: .error(refusal))], nil)
            }
            guard room.compact(snapshot), let compacted = room.snapshot else { return ([], nil) }
            logBytes = room.log.reduce(0) { $0 + Self.size(of: $1.payload) }
            return ([], .compacted(compacted))
        case .preview(let payload):
            return (others(of: connection).map { Delivery(to: $0, message: .preview(.init(client: client, payload: payload))) }, nil)
        case .presence(let payload):
            return (others(of: connection).map { Delivery(to: $0, message: .presence(.init(client: client, payload: payload))) }, nil)
        case .ping:
            return ([Delivery(to: connection, message: .pong)], nil)
        }
    }

    /// A connection that has not proved membership: a hello gets a challenge, its proof the
    /// welcome; anything else is refused.
    private func handleStranger(_ message: ClientMessage, from connection: Connection) -> (deliveries: [Delivery], change: Change?) {
        switch message {
        case .hello(let hello):
            if let refusal = room.refusal(of: hello) { return ([Delivery(to: connection, message: .error(refusal))], nil) }
            let nonce = makeNonce()
            challenged[connection] = (hello, nonce)
            return ([Delivery(to: connection, message: .challenge(.init(nonce: nonce, upgrade: room.editorKey == nil)))], nil)
        case .proof(let proof):
            guard let (hello, nonce) = challenged.removeValue(forKey: connection) else {
                return ([error(.badMessage, "A proof answers a challenge; say hello first.", to: connection)], nil)
            }
            switch room.admit(hello, proof: proof, nonce: nonce) {
            case .failure(let refusal):
                return ([Delivery(to: connection, message: .error(refusal))], nil)
            case .success(let admission):
                members[connection] = hello.client
                if admission.role == .view { viewers.insert(connection) }
                if admission.registeredVerifier != nil { upgradeSeqs[connection] = room.durableSeq }
                let welcome = Delivery(to: connection, message: room.welcome(hello))
                let changed = admission.registeredVerifier != nil || admission.boundSecretHash != nil
                return ([welcome], changed ? .admitted(admission) : nil)
            }
        case .ping:
            return ([Delivery(to: connection, message: .pong)], nil)
        case .push, .snapshot, .preview, .presence:
            return ([error(.badMessage, "The first message must be a hello; reconnect.", to: connection)], nil)
        }
    }

    /// Everything received is durable now: each new op to every member (the sender's copy is
    /// its acknowledgement), in seq order.
    public func commit() -> [Delivery] {
        let durable = room.commit()
        guard !durable.isEmpty else { return [] }
        let targets = members.keys.sorted { $0.id < $1.id }
        return durable.flatMap { push in targets.map { Delivery(to: $0, message: .op(push)) } }
    }

    /// The store's order for the pushes after the durable seq (another relay wrote the room
    /// too, `RelayRoom.settle`): each new op to every member, in seq order; nil on a gap.
    public func settle(_ durable: [SequencedPush]) -> [Delivery]? {
        guard let new = room.settle(durable) else { return nil }
        logBytes = room.log.reduce(0) { $0 + Self.size(of: $1.payload) }
        let targets = members.keys.sorted { $0.id < $1.id }
        return new.flatMap { push in targets.map { Delivery(to: $0, message: .op(push)) } }
    }

    /// A compaction another relay stored: the log up to it is dropped here too.
    public func adopt(_ snapshot: SequencedSnapshot) {
        guard room.compact(ClientMessage.SnapshotPush(seq: snapshot.seq, payload: snapshot.payload, signature: snapshot.signature))
        else { return }
        logBytes = room.log.reduce(0) { $0 + Self.size(of: $1.payload) }
    }

    /// Client ids other relays bound, so that a taken id is refused here too (C10).
    public func learn(bindings: [ClientID: String]) {
        for (client, secretHash) in bindings { room.learnBinding(client, secretHash: secretHash) }
    }

    /// What a member connected to another relay said to the room (presence, a preview, its
    /// leaving): to every member here.
    public func relay(_ message: RelayMessage) -> [Delivery] {
        members.keys.sorted { $0.id < $1.id }.map { Delivery(to: $0, message: message) }
    }

    /// A shared store said another relay bound `client` first, to `secretHash`: the connection
    /// admitted here is no member after all (nobody was told it came), and the binding is the store's.
    public func admissionLost(_ connection: Connection, client: ClientID, boundTo secretHash: String) {
        members[connection] = nil
        viewers.remove(connection)
        room.yieldBinding(client, to: secretHash)
    }

    /// A connection ended: the others are told when its client has no other connection.
    public func disconnected(_ connection: Connection) -> [Delivery] {
        challenged[connection] = nil
        viewers.remove(connection)
        upgradeSeqs[connection] = nil
        guard let client = members.removeValue(forKey: connection) else { return [] }
        guard !members.values.contains(client) else { return [] }
        return members.keys.sorted { $0.id < $1.id }.map { Delivery(to: $0, message: .left(client)) }
    }

    /// The process died before its last fsync (in-memory tests): the received tail is gone and
    /// every connection with it.
    public func crash() {
        room.crash()
        members.removeAll()
        viewers.removeAll()
        upgradeSeqs.removeAll()
        challenged.removeAll()
        logBytes = room.log.reduce(0) { $0 + Self.size(of: $1.payload) }
    }

    private func others(of connection: Connection) -> [Connection] {
        members.keys.filter { $0 != connection }.sorted { $0.id < $1.id }
    }

    private func error(_ code: RelayError.Code, _ text: String, limit: Int? = nil, to connection: Connection) -> Delivery {
        Delivery(to: connection, message: .error(RelayError(code: code, message: text, limit: limit)))
    }

    /// A payload's size as the relay counts it (its ciphertext, or its content's JSON).
    static func size(of payload: Payload) -> Int {
        switch payload {
        case .sealed(let text): text.utf8.count
        case .plain(let content): (try? JSONEncoder().encode(content).count) ?? 0
        }
    }
}
