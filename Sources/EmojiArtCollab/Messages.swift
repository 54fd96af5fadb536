/// The protocol between a client and the relay (COLLAB "Protocol"): JSON text frames over a
/// WebSocket in the app, values passed in memory in tests. Frames are `{"type": …, fields…}`.

/// Client → relay.
public enum ClientMessage: Hashable, Sendable {
    /// First frame of a connection: who I am and what I have. The relay answers with a
    /// `challenge`, and with the welcome once the `proof` shows I am a member (C10).
    case hello(Hello)
    /// The answer to the relay's challenge.
    case proof(Proof)
    /// One user action's ops; `cseq` counts up per client, and the relay applies each at most once.
    case push(Push)
    case preview(Payload)
    case presence(Payload)
    /// A compacted state at `seq`, made by a client (the relay cannot read).
    case snapshot(SnapshotPush)
    case ping

    public struct Hello: Hashable, Sendable, Codable {
        public var version: Int
        public var room: String
        public var client: ClientID
        /// The last seq this replica applied (0: none).
        public var lastSeq: Int
        /// The relay's epoch that seq belongs to; nil for a replica that never connected.
        public var epoch: String?

        public init(version: Int = CollabProtocol.version, room: String, client: ClientID, lastSeq: Int, epoch: String?) {
            self.version = version
            self.room = room
            self.client = client
            self.lastSeq = lastSeq
            self.epoch = epoch
        }
    }

    /// Membership shown (C10, C12): `signature` answers the challenge with the key of `role`
    /// (`RoomCredentials.proof`), and `secret` binds my client id, the first time the relay sees
    /// it, to me alone (the relay keeps only its hash). `upgrade` proves a room made before
    /// protocol 3 with its old key and registers the public keys (when the challenge asks).
    public struct Proof: Hashable, Sendable, Codable {
        public var role: RoomRole
        public var signature: String
        public var secret: String
        public var upgrade: Upgrade?

        public init(role: RoomRole, signature: String, secret: String, upgrade: Upgrade? = nil) {
            self.role = role
            self.signature = signature
            self.secret = secret
            self.upgrade = upgrade
        }

        /// Protocol 2's proof of the old access key, and the room's protocol-3 public keys.
        public struct Upgrade: Hashable, Sendable, Codable {
            public var proof: String
            public var editor: String
            public var viewer: String

            public init(proof: String, editor: String, viewer: String) {
                self.proof = proof
                self.editor = editor
                self.viewer = viewer
            }
        }
    }

    /// `signature`: the edit key's, over `Signed.push` (C10, C12).
    public struct Push: Hashable, Sendable, Codable {
        public var cseq: Int
        public var payload: Payload
        public var signature: String?

        public init(cseq: Int, payload: Payload, signature: String? = nil) {
            self.cseq = cseq
            self.payload = payload
            self.signature = signature
        }
    }

    /// `signature`: the edit key's, over `Signed.snapshot`.
    public struct SnapshotPush: Hashable, Sendable, Codable {
        public var seq: Int
        public var payload: Payload
        public var signature: String?

        public init(seq: Int, payload: Payload, signature: String? = nil) {
            self.seq = seq
            self.payload = payload
            self.signature = signature
        }
    }
}

/// Relay → client.
public enum RelayMessage: Hashable, Sendable {
    /// The answer to `hello`: prove membership over this nonce (C10).
    case challenge(Challenge)
    /// The answer to `hello`: what the client missed and which of its pushes are already in the log.
    case welcome(Welcome)
    /// One push, ordered: broadcast to everyone; to its sender it is the acknowledgement.
    case op(SequencedPush)
    case preview(Forwarded)
    case presence(Forwarded)
    case left(ClientID)
    case error(RelayError)
    case pong

    public struct Welcome: Hashable, Sendable, Codable {
        public var epoch: String
        /// The relay's last durable seq.
        public var seq: Int
        /// The highest cseq of this client in the log (0: none): pushes up to it are confirmed.
        public var ackedCseq: Int
        /// When the client's lastSeq is older than the log kept: the state to start from.
        public var snapshot: SequencedSnapshot?
        /// Everything after the client's lastSeq (or after the snapshot), in order.
        public var ops: [SequencedPush]

        public init(epoch: String, seq: Int, ackedCseq: Int, snapshot: SequencedSnapshot?, ops: [SequencedPush]) {
            self.epoch = epoch
            self.seq = seq
            self.ackedCseq = ackedCseq
            self.snapshot = snapshot
            self.ops = ops
        }
    }

    public struct Challenge: Hashable, Sendable, Codable {
        /// Random, new for each connection, so a proof cannot be replayed.
        public var nonce: String
        /// True for a room made before protocol 3: an editor's proof must also show the room's
        /// old key (`Proof.Upgrade`), which registers the room's public keys.
        public var upgrade: Bool

        public init(nonce: String, upgrade: Bool = false) {
            self.nonce = nonce
            self.upgrade = upgrade
        }
    }

    public struct Forwarded: Hashable, Sendable, Codable {
        public var client: ClientID
        public var payload: Payload

        public init(client: ClientID, payload: Payload) {
            self.client = client
            self.payload = payload
        }
    }
}

/// A push as the relay ordered it.
public struct SequencedPush: Hashable, Sendable, Codable {
    public var seq: Int
    public var client: ClientID
    public var cseq: Int
    public var payload: Payload
    /// The edit key's signature (`Signed.push`); nil in logs written before protocol 3.
    public var signature: String?

    public init(seq: Int, client: ClientID, cseq: Int, payload: Payload, signature: String? = nil) {
        self.seq = seq
        self.client = client
        self.cseq = cseq
        self.payload = payload
        self.signature = signature
    }
}

/// A compacted state: everything up to and including `seq`, with each client's highest cseq in it
/// (so resends stay at-most-once after the log before it is dropped).
public struct SequencedSnapshot: Hashable, Sendable, Codable {
    public var seq: Int
    public var ackedCseqs: [String: Int]
    public var payload: Payload
    /// The edit key's signature (`Signed.snapshot`); nil for one made before protocol 3.
    public var signature: String?

    public init(seq: Int, ackedCseqs: [String: Int], payload: Payload, signature: String? = nil) {
        self.seq = seq
        self.ackedCseqs = ackedCseqs
        self.payload = payload
        self.signature = signature
    }
}

/// Why the relay refused something; it never crashes on bad input (C1).
/// A relay's refusal. The relay stays language-free: it sends a code (and a number the sentence
/// names); the client says it in the person's language (`sentence`). `message` is the relay's
/// own English, for its logs, tests and a code this client does not know.
public struct RelayError: Error, Hashable, Sendable, Codable {
    public enum Code: String, Hashable, Sendable, Codable {
        case tooOld, tooLarge, badRoom, badMessage, badVersion
        /// More people are in the room at once than it admits.
        case roomFull
        /// The room's edits since its last snapshot reached the relay's limit (`limit`, bytes).
        case roomLogFull
        /// A snapshot larger than the relay keeps (`limit`, bytes).
        case snapshotTooLarge
        /// The relay could not store the room's edits (a full or failing disk).
        case storageFailed
        /// The proof did not show the room's key (C10): a link with another key, or none.
        case notMember
        /// Another member's client id, with another secret (C10).
        case clientTaken
        /// A view link's connection pushed an edit or a snapshot (C12).
        case viewOnly
        /// An edit or snapshot without the edit key's signature, or one the room does not take
        /// there (a snapshot off a compaction point, C10).
        case badSignature
        /// A code of a newer relay: `message` is all there is.
        case unknown
    }

    public var code: Code
    /// The relay's words, in English.
    public var message: String
    /// The code as the relay wrote it (what `unknown` stands for).
    public var rawCode: String
    /// The number `sentence` names: a size limit in bytes, or the relay's protocol version.
    public var limit: Int?

    public init(code: Code, message: String, limit: Int? = nil) {
        self.code = code
        self.message = message
        self.limit = limit
        rawCode = code.rawValue
    }

    private enum CodingKeys: String, CodingKey { case code, message, limit }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rawCode = String(try container.decode(String.self, forKey: .code).prefix(40))
        code = Code(rawValue: rawCode) ?? .unknown
        message = String((try container.decodeIfPresent(String.self, forKey: .message) ?? "").prefix(500))
        limit = try container.decodeIfPresent(Int.self, forKey: .limit)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rawCode, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(limit, forKey: .limit)
    }
}

public enum CollabProtocol {
    /// The protocol version a hello carries; the relay refuses others with `badVersion`.
    /// 2: membership (challenge and proof, C10) and sealed blobs (C7). 3: admission by public
    /// keys, signed edits and snapshots, the epoch sealed in, view links (C10 revised, C12).
    public static let version = 3
    /// Someone's push lands on a multiple of this seq: its sender, and only it, compacts the room
    /// there (a snapshot), and the relay takes a snapshot nowhere else.
    public static let compactionInterval = 1000
    /// The largest frame either side accepts (the WebSocket default of 16 KiB is too small for a
    /// snapshot; the relay bounds rooms separately).
    public static let maxFrameBytes = 4 * 1024 * 1024
    /// The largest seq, cseq or limit a client takes from a relay (2^52: exact in every JSON
    /// reader, and far beyond any room).
    public static let maxSequence = 1 << 52
}
