import EmojiArtCore

/// The fields of an emoji record (COLLAB.md "Fields"): each one is its own last-writer-wins
/// register, so my move and your resize of the same emoji never conflict.
public enum EmojiField: String, Hashable, Sendable, Codable, CaseIterable {
    case text, x, y, size, rotation, flipped, z, deleted
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
        }
    }

    /// The longest text an emoji may hold, in UTF-8 bytes: far more than any emoji grapheme.
    public static let maxTextBytes = 256

    /// Brought into the file format's limits (invariant 4: under encryption the only validation
    /// there is); nil for a value no emoji can hold (empty or huge text, a non-finite number).
    /// Every replica clamps the same way, so they stay identical.
    public var clamped: FieldValue? {
        let limit = EmojiArtFormat.maxCoordinateMagnitude
        let sizes = EmojiArtFormat.sizeRange
        switch self {
        case .text(let text):
            return text.isEmpty || text.utf8.count > Self.maxTextBytes ? nil : self
        case .x(let x):
            return x.isFinite ? .x(min(max(x, -limit), limit)) : nil
        case .y(let y):
            return y.isFinite ? .y(min(max(y, -limit), limit)) : nil
        case .size(let size):
            return size.isFinite ? .size(min(max(size, sizes.lowerBound), sizes.upperBound)) : nil
        case .rotation(let rotation):
            return rotation.isFinite ? .rotation(Emoji.normalized(rotation: rotation)) : nil
        case .flipped, .z, .deleted:
            return self
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
