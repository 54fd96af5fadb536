/// A room's document as the engine holds it: emoji records by cid (tombstones included) and the
/// background record. Applying an op never fails and is deterministic (invariant 4), so replicas
/// that applied the same ops in the same order are identical, writers included (invariant 5).
public struct CollabState: Hashable, Sendable, Codable {
    public private(set) var emojis: [CollabID: EmojiRecord]
    public private(set) var background: Stamped<CollabBackground>

    public init() {
        emojis = [:]
        background = Stamped(.blank, by: nil)
    }

    /// A state from values already clamped and validated (see `init(from:)`).
    init(validEmojis emojis: [CollabID: EmojiRecord], background: Stamped<CollabBackground>) {
        self.emojis = emojis
        self.background = background
    }

    /// Applies one op sent by `client`; returns whether anything changed.
    ///
    /// Unknown cid → nothing; an edit of a tombstone changes the field but it stays deleted
    /// (only `deleted` brings it back: undoing a delete); an add of an existing cid only merges a
    /// delete (a re-push after the relay lost its data never resurrects a deleted emoji);
    /// values are clamped to the file format's limits, unusable ones change nothing.
    @discardableResult
    public mutating func apply(_ op: CollabOp, from client: ClientID) -> Bool {
        switch op {
        case .add(let values):
            guard let values = values.clamped else { return false }
            // An add of another member's emoji id is refused (C10: nobody claims ids ahead of
            // their owner), unless it sends a lost room again.
            guard values.cid.client == client || values.restored else { return false }
            if let existing = emojis[values.cid] {
                // An add of the id's owner takes back an id another member restored first.
                if existing.addedByOther != nil, client == values.cid.client {
                    emojis[values.cid] = EmojiRecord(values, by: client)
                    return true
                }
                guard values.deleted, !existing.deleted.value else { return false }
                emojis[values.cid]!.set(.deleted(true), by: client)
                return true
            }
            emojis[values.cid] = EmojiRecord(values, by: client)
            return true
        case .set(let cid, let value, let expected):
            guard let record = emojis[cid], let value = value.clamped else { return false }
            if let expected {
                guard record.writer(of: value.field) == client, expected.field == value.field,
                    let expected = expected.clamped, record[value.field] == expected
                else { return false }
            }
            guard record[value.field] != value || record.writer(of: value.field) != client else { return false }
            emojis[cid]!.set(value, by: client)
            return true
        case .background(let value, let expected):
            guard let value = value.validated else { return false }
            if let expected {
                guard background.writer == client, background.value == expected.validated else { return false }
            }
            guard background.value != value || background.writer != client else { return false }
            background = Stamped(value, by: client)
            return true
        }
    }

    /// Applies every op of a push, in order.
    public mutating func apply(_ ops: [CollabOp], from client: ClientID) {
        for op in ops { apply(op, from: client) }
    }

    /// The visible emojis in drawing order: (z, cid), lowest first.
    public var drawingOrder: [EmojiRecord] {
        emojis.values.filter { !$0.deleted.value }.sorted { ($0.z.value, $0.cid) < ($1.z.value, $1.cid) }
    }

    /// The highest z key of any emoji, tombstones included (a new emoji goes above them too, so
    /// undoing a delete never puts the old one above the new).
    public var topZ: ZKey? {
        emojis.values.lazy.map(\.z.value).max()
    }

    /// Replaces one record as it is in `other` (rebase, see `SyncSession`).
    mutating func copyRecord(_ cid: CollabID, from other: CollabState) {
        emojis[cid] = other.emojis[cid]
    }

    mutating func copyBackground(from other: CollabState) {
        background = other.background
    }

    /// The same values with no writer history: what two replicas must agree on for a user.
    public var values: [CollabID: EmojiValues] {
        emojis.mapValues(\.values)
    }
}
