import Foundation

/// What a push, a snapshot, a preview or a presence frame carries. The relay stores and forwards
/// payloads without reading them (C1), so privacy (C7) plugs in by sealing the content into
/// `sealed` text before it leaves the client; `plain` carries it as is (tests, and rooms before
/// encryption lands).
public enum Payload: Hashable, Sendable, Codable {
    case plain(PayloadContent)
    /// Ciphertext, opened by the clients only.
    case sealed(String)
}

/// A payload's content, once opened.
public enum PayloadContent: Hashable, Sendable, Codable {
    /// The ops of one push, chained to its sender's previous push (C10).
    case push(PushContent)
    /// A compacted room state (made by a client, since the relay cannot read, COLLAB), bound
    /// to where it stands (C10).
    case roomSnapshot(RoomSnapshot)
    /// The ops of a push of protocol 1 (no chain), as rooms made before it hold them.
    case ops([CollabOp])
    /// A snapshot of protocol 1.
    case snapshot(CollabState)
    /// A frame of a drag in progress: shown live, never stored.
    case preview(PreviewFrame)
    /// Who is here, where their pointer is and what they selected (C5).
    case presence(Presence)
}

/// One push's ops and the hash of its sender's previous push (`SenderChains`).
public struct PushContent: Hashable, Sendable, Codable {
    public var previous: String?
    public var ops: [CollabOp]

    public init(previous: String?, ops: [CollabOp]) {
        self.previous = previous
        self.ops = ops
    }
}

/// A room's state at `seq` of `epoch`, with each sender's chain there and the state's digest:
/// a snapshot moved to another place of the log, or whose state is not the one it names, is
/// refused (C10).
public struct RoomSnapshot: Hashable, Sendable, Codable {
    public var epoch: String
    public var seq: Int
    public var state: CollabState
    public var senders: SenderChains
    public var digest: String

    public init(epoch: String, seq: Int, state: CollabState, senders: SenderChains) {
        self.epoch = epoch
        self.seq = seq
        self.state = state
        self.senders = senders
        digest = state.digest
    }
}

/// A live drag frame (≤ 30 Hz, not stored).
public struct PreviewFrame: Hashable, Sendable, Codable {
    public var cid: CollabID
    public var x: Double
    public var y: Double
    public var size: Double
    public var rotation: Double
    /// The frame's place in its sender's frames (`FrameClock`), set when it is sent.
    public var seq: Int?

    public init(cid: CollabID, x: Double, y: Double, size: Double, rotation: Double, seq: Int? = nil) {
        self.seq = seq
        self.cid = cid
        self.x = x
        self.y = y
        self.size = size
        self.rotation = rotation
    }
}

/// One participant as others see them (C5).
public struct Presence: Hashable, Sendable, Codable {
    public var name: String
    /// `#rrggbb`.
    public var colour: String
    public var pointerX: Double?
    public var pointerY: Double?
    public var selection: [CollabID]
    /// The frame's place in its sender's frames (`FrameClock`), set when it is sent.
    public var seq: Int?

    public init(
        name: String, colour: String, pointerX: Double? = nil, pointerY: Double? = nil, selection: [CollabID] = [], seq: Int? = nil
    ) {
        self.seq = seq
        self.name = name
        self.colour = colour
        self.pointerX = pointerX
        self.pointerY = pointerY
        self.selection = selection
    }
}

/// What a room's key does for a client: turns payload content into what travels and back
/// (`AESGCMSealer` in the product, C7), seals background images before they are uploaded as
/// blobs, and proves membership and signs edits (`credentials`, C10, C12).
public protocol PayloadSealer: Sendable {
    /// What the link gives: the keys the relay's challenges are answered and edits signed with.
    var credentials: RoomCredentials { get }
    func seal(_ content: PayloadContent, context: SealContext) throws -> Payload
    func open(_ payload: Payload, context: SealContext) throws -> PayloadContent
    /// An image's bytes as the blob to upload (named by the SHA-256 of what this returns).
    func sealBlob(_ image: Data, room: String) throws -> Data
    /// A blob's image; the caller has checked the blob against its name.
    func openBlob(_ blob: Data, room: String) throws -> Data
}

/// What a sealed payload is bound to (its associated data), so one replayed into another room,
/// another epoch of the room, from another client or as another push is refused.
public struct SealContext: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case push, snapshot, preview, presence, blob }

    public var room: String
    /// The relay's epoch the payload was made in (C10): a push of an earlier epoch does not open
    /// as one of the next.
    public var epoch: String
    public var kind: Kind
    /// The pushing client; nil for a snapshot (the relay does not record who made it).
    public var sender: ClientID?
    /// The push's cseq, the snapshot's seq; 0 for frames that are not stored.
    public var counter: Int

    public init(room: String, epoch: String, kind: Kind, sender: ClientID?, counter: Int) {
        self.room = room
        self.epoch = epoch
        self.kind = kind
        self.sender = sender
        self.counter = counter
    }
}

extension PayloadContent {
    /// The ops of a push, chained or of protocol 1; nil for any other content.
    public var pushedOps: [CollabOp]? {
        switch self {
        case .push(let content): content.ops
        case .ops(let ops): ops
        case .roomSnapshot, .snapshot, .preview, .presence: nil
        }
    }

    /// The state of a snapshot, of either protocol; nil for any other content.
    public var snapshotState: CollabState? {
        switch self {
        case .roomSnapshot(let snapshot): snapshot.state
        case .snapshot(let state): state
        case .push, .ops, .preview, .presence: nil
        }
    }
}
