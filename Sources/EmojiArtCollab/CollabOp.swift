/// One edit of a room (COLLAB "Edits"). A push carries the ops of one user action; the relay
/// orders pushes and every replica applies them in that order with `CollabState.apply`.
public enum CollabOp: Hashable, Sendable {
    /// A new emoji, every field written by the sender. An add of a cid that exists changes
    /// nothing but a delete (see `CollabState.apply`), so re-pushing a whole state is harmless.
    case add(EmojiValues)
    /// One field of one emoji. With `expected`, the set applies only while the field was last
    /// written by the same client and still holds `expected` — undo and redo (C4), so they never
    /// overwrite what someone else changed since, on any replica.
    case set(cid: CollabID, value: FieldValue, expected: FieldValue? = nil)
    /// The background, with `expected` as for `set`.
    case background(CollabBackground, expected: CollabBackground? = nil)

    /// The emoji the op acts on; nil for the background.
    public var cid: CollabID? {
        switch self {
        case .add(let values): values.cid
        case .set(let cid, _, _): cid
        case .background: nil
        }
    }
}

extension CollabOp: Codable {
    private enum Kind: String, Codable { case add, set, background }
    private enum CodingKeys: String, CodingKey { case op, emoji, cid, field, value, expected }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .op) {
        case .add:
            self = .add(try container.decode(EmojiValues.self, forKey: .emoji))
        case .set:
            let field = try container.decode(EmojiField.self, forKey: .field)
            self = .set(
                cid: try container.decode(CollabID.self, forKey: .cid),
                value: try Self.decodeValue(of: field, from: container, forKey: .value),
                expected: container.contains(.expected)
                    ? try Self.decodeValue(of: field, from: container, forKey: .expected) : nil)
        case .background:
            self = .background(
                try container.decode(CollabBackground.self, forKey: .value),
                expected: try container.decodeIfPresent(CollabBackground.self, forKey: .expected))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .add(let values):
            try container.encode(Kind.add, forKey: .op)
            try container.encode(values, forKey: .emoji)
        case .set(let cid, let value, let expected):
            try container.encode(Kind.set, forKey: .op)
            try container.encode(cid, forKey: .cid)
            try container.encode(value.field, forKey: .field)
            try Self.encodeValue(value, in: &container, forKey: .value)
            if let expected { try Self.encodeValue(expected, in: &container, forKey: .expected) }
        case .background(let background, let expected):
            try container.encode(Kind.background, forKey: .op)
            try container.encode(background, forKey: .value)
            try container.encodeIfPresent(expected, forKey: .expected)
        }
    }

    private static func decodeValue(
        of field: EmojiField, from container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys
    ) throws -> FieldValue {
        switch field {
        case .text: .text(try container.decode(String.self, forKey: key))
        case .x: .x(try container.decode(Double.self, forKey: key))
        case .y: .y(try container.decode(Double.self, forKey: key))
        case .size: .size(try container.decode(Double.self, forKey: key))
        case .rotation: .rotation(try container.decode(Double.self, forKey: key))
        case .flipped: .flipped(try container.decode(Bool.self, forKey: key))
        case .z: .z(try container.decode(ZKey.self, forKey: key))
        case .deleted: .deleted(try container.decode(Bool.self, forKey: key))
        case .group: .group(try container.decode(String?.self, forKey: key))
        case .locked: .locked(try container.decode(Bool.self, forKey: key))
        }
    }

    private static func encodeValue(
        _ value: FieldValue, in container: inout KeyedEncodingContainer<CodingKeys>, forKey key: CodingKeys
    ) throws {
        switch value {
        case .text(let text): try container.encode(text, forKey: key)
        case .x(let number), .y(let number), .size(let number), .rotation(let number):
            try container.encode(number, forKey: key)
        case .flipped(let flag), .deleted(let flag), .locked(let flag): try container.encode(flag, forKey: key)
        case .z(let key_): try container.encode(key_, forKey: key)
        // No group is `null`, not an absent key: `expected` must say "expected in no group".
        case .group(let group): try container.encode(group, forKey: key)
        }
    }
}
