import EmojiArtCore

/// The fields of an emoji record (COLLAB "Fields"): each one is its own last-writer-wins
/// register, so my move and your resize of the same emoji never conflict. `group` (R3) and
/// `locked` (R4) are fields like the others: a lock set by one member holds for all.
public enum EmojiField: String, Hashable, Sendable, Codable, CaseIterable {
    case text, x, y, size, rotation, flipped, z, deleted, group, locked
}

/// One field's value.
public enum FieldValue: Hashable, Sendable {
    case text(String)
    case x(Double)
    case y(Double)
    case size(Double)
    case rotation(Double)
    case flipped(Bool)
    case z(ZKey)
    case deleted(Bool)
    /// The emoji's group id, nil for none.
    case group(String?)
    case locked(Bool)

    public var field: EmojiField {
        switch self {
        case .text: .text
        case .x: .x
        case .y: .y
        case .size: .size
        case .rotation: .rotation
        case .flipped: .flipped
        case .z: .z
        case .deleted: .deleted
        case .group: .group
        case .locked: .locked
        }
    }

    /// Brought into the file format's limits (invariant 4: under encryption the only validation
    /// there is); nil for a value no emoji can hold (a text that is not one emoji, a non-finite
    /// number, an empty group id or one longer than `GroupID.maxBytes`). The same rules as
    /// another program's clipboard (`EmojiLimits`) and a file's limits. Every replica clamps the
    /// same way, so they stay identical; the emoji rule reads Unicode properties, so a replica
    /// whose Unicode is older than an emoji refuses it — one that could not draw it.
    public var clamped: FieldValue? {
        switch self {
        case .text(let text): EmojiLimits.allowsText(text) ? self : nil
        case .x(let x): EmojiLimits.clamped(coordinate: x).map(FieldValue.x)
        case .y(let y): EmojiLimits.clamped(coordinate: y).map(FieldValue.y)
        case .size(let size): EmojiLimits.clamped(size: size).map(FieldValue.size)
        case .rotation(let rotation): EmojiLimits.normalized(rotation: rotation).map(FieldValue.rotation)
        case .group(let group): (group.map(GroupID.isValid) ?? true) ? self : nil
        case .flipped, .z, .deleted, .locked: self
        }
    }
}

/// A value with the client that last wrote it (for C4: undo acts only on fields I wrote last).
/// `writer` is nil for a value nobody set (the blank background of a new room).
public struct Stamped<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var value: Value
    public var writer: ClientID?

    public init(_ value: Value, by writer: ClientID?) {
        self.value = value
        self.writer = writer
    }
}
