/// A state read from a snapshot (or this machine's replica) gets the clamping and validation that
/// applying an op gives (invariant 4): a snapshot is another member's data and may be hostile,
/// and whoever restores it must hold what every replica that applied the ops holds. Values are
/// clamped into the file format's limits; an emoji with a value no emoji can hold is left out, as
/// its add would have changed nothing, and so is one filed under another cid or a second time; a
/// background no op could set is the blank one nobody wrote. Only a shape that is not a state at
/// all is refused.
extension CollabState {
    private enum CodingKeys: String, CodingKey {
        case emojis, background
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // The synthesized form of a dictionary whose keys are not strings: key, value, key, value…
        var entries = try container.nestedUnkeyedContainer(forKey: .emojis)
        var emojis = [CollabID: EmojiRecord]()
        while !entries.isAtEnd {
            let cid = try entries.decode(DecodedIfUsable<CollabID>.self).value
            guard !entries.isAtEnd else {
                throw DecodingError.dataCorruptedError(in: entries, debugDescription: "an emoji id without its emoji")
            }
            let record = try entries.decode(DecodedIfUsable<EmojiRecord>.self).value?.clamped
            if let cid, let record, record.cid == cid, emojis[cid] == nil {
                emojis[cid] = record
            }
        }
        let background = try container.decode(DecodedIfUsable<Stamped<CollabBackground>>.self, forKey: .background).value
        let validBackground = background.flatMap { stamped in
            stamped.value.validated.map { Stamped($0, by: stamped.writer) }
        }
        self.init(validEmojis: emojis, background: validBackground ?? Stamped(.blank, by: nil))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(emojis, forKey: .emojis)
        try container.encode(background, forKey: .background)
    }
}

/// A value, or nil when its JSON is not one; reading it never fails, so one bad entry of a list
/// leaves the others readable.
private struct DecodedIfUsable<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
