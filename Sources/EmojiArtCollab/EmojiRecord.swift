/// An emoji's values without their writers: what an `add` op carries and what a share imports.
/// `group` and `locked` are in its JSON only when set: an add of an emoji in no group and
/// unlocked is what it was before they existed, and one from a build before them reads as such.
public struct EmojiValues: Hashable, Sendable, Codable {
    public var cid: CollabID
    public var text: String
    public var x: Double
    public var y: Double
    public var size: Double
    public var rotation: Double
    public var flipped: Bool
    public var z: ZKey
    public var deleted: Bool
    public var group: String?
    public var locked: Bool {
        get { lockedIfSet ?? false }
        set { lockedIfSet = newValue ? true : nil }
    }
    private var lockedIfSet: Bool?
    /// An add that sends the room again after the relay lost it (invariant 7): the only add of
    /// another member's emoji id a replica takes, and one its owner's own add replaces (C10).
    public var restored: Bool {
        get { restoredIfSet ?? false }
        set { restoredIfSet = newValue ? true : nil }
    }
    private var restoredIfSet: Bool?

    private enum CodingKeys: String, CodingKey {
        case cid, text, x, y, size, rotation, flipped, z, deleted, group
        case lockedIfSet = "locked"
        case restoredIfSet = "restored"
    }

    public init(
        cid: CollabID, text: String, x: Double, y: Double, size: Double, rotation: Double = 0,
        flipped: Bool = false, z: ZKey, deleted: Bool = false, group: String? = nil, locked: Bool = false
    ) {
        self.cid = cid
        self.text = text
        self.x = x
        self.y = y
        self.size = size
        self.rotation = rotation
        self.flipped = flipped
        self.z = z
        self.deleted = deleted
        self.group = group
        lockedIfSet = locked ? true : nil
    }

    /// Every value clamped; nil when one cannot be used (see `FieldValue.clamped`).
    var clamped: EmojiValues? {
        guard case .text(let text)? = FieldValue.text(text).clamped,
            case .x(let x)? = FieldValue.x(x).clamped, case .y(let y)? = FieldValue.y(y).clamped,
            case .size(let size)? = FieldValue.size(size).clamped,
            case .rotation(let rotation)? = FieldValue.rotation(rotation).clamped,
            FieldValue.group(group).clamped != nil
        else { return nil }
        var values = EmojiValues(
            cid: cid, text: text, x: x, y: y, size: size, rotation: rotation, flipped: flipped, z: z, deleted: deleted,
            group: group, locked: locked)
        values.restored = restored
        return values
    }
}

/// One emoji of a room: a register per field (COLLAB "Fields"). A deleted emoji stays as a
/// tombstone, keeping its z and fields, so undoing the delete brings it back as it was and a
/// late edit of it never resurrects it.
public struct EmojiRecord: Hashable, Sendable, Codable {
    public let cid: CollabID
    public private(set) var text: Stamped<String>
    public private(set) var x: Stamped<Double>
    public private(set) var y: Stamped<Double>
    public private(set) var size: Stamped<Double>
    public private(set) var rotation: Stamped<Double>
    public private(set) var flipped: Stamped<Bool>
    public private(set) var z: Stamped<ZKey>
    public private(set) var deleted: Stamped<Bool>
    /// In no group and written by nobody until someone sets it (see `init(_:by:)`).
    public var group: Stamped<String?> { groupIfWritten ?? Stamped(nil, by: nil) }
    /// Unlocked and written by nobody until someone sets it.
    public var locked: Stamped<Bool> { lockedIfWritten ?? Stamped(false, by: nil) }
    // Absent from the JSON until then: a record nobody grouped or locked encodes, and so
    // digests, as it did before they existed, and one a build before them wrote reads back.
    private var groupIfWritten: Stamped<String?>?
    private var lockedIfWritten: Stamped<Bool>?
    /// Who added the record when it was not the emoji id's owner (a member sending the room
    /// again after the relay lost it, or one claiming another's id ahead of time): such an add
    /// holds no claim on the id, and the owner's own add replaces it (C10). Absent otherwise.
    public private(set) var addedByOther: ClientID?

    private enum CodingKeys: String, CodingKey {
        case cid, text, x, y, size, rotation, flipped, z, deleted, addedByOther
        case groupIfWritten = "group"
        case lockedIfWritten = "locked"
    }

    /// A record whose every field was written by `writer`; `values` must be clamped. `group`
    /// and `locked` count as written only when set, so that a record that never had them is the
    /// one a build before them holds.
    init(_ values: EmojiValues, by writer: ClientID) {
        cid = values.cid
        text = Stamped(values.text, by: writer)
        x = Stamped(values.x, by: writer)
        y = Stamped(values.y, by: writer)
        size = Stamped(values.size, by: writer)
        rotation = Stamped(values.rotation, by: writer)
        flipped = Stamped(values.flipped, by: writer)
        z = Stamped(values.z, by: writer)
        deleted = Stamped(values.deleted, by: writer)
        groupIfWritten = values.group.map { Stamped($0, by: writer) }
        lockedIfWritten = values.locked ? Stamped(true, by: writer) : nil
        addedByOther = writer == values.cid.client ? nil : writer
    }

    /// This record with its values clamped as an add's are, its writers kept; nil when a value
    /// cannot be used, as such an add changes nothing (a snapshot is another member's data).
    var clamped: EmojiRecord? {
        guard let values = values.clamped else { return nil }
        var record = self
        record.text.value = values.text
        record.x.value = values.x
        record.y.value = values.y
        record.size.value = values.size
        record.rotation.value = values.rotation
        // Written by nobody and holding the default is the same as absent: one form for one state.
        if record.groupIfWritten == Stamped(nil, by: nil) { record.groupIfWritten = nil }
        if record.lockedIfWritten == Stamped(false, by: nil) { record.lockedIfWritten = nil }
        return record
    }

    public var values: EmojiValues {
        EmojiValues(
            cid: cid, text: text.value, x: x.value, y: y.value, size: size.value, rotation: rotation.value,
            flipped: flipped.value, z: z.value, deleted: deleted.value, group: group.value, locked: locked.value)
    }

    public subscript(field: EmojiField) -> FieldValue {
        switch field {
        case .text: .text(text.value)
        case .x: .x(x.value)
        case .y: .y(y.value)
        case .size: .size(size.value)
        case .rotation: .rotation(rotation.value)
        case .flipped: .flipped(flipped.value)
        case .z: .z(z.value)
        case .deleted: .deleted(deleted.value)
        case .group: .group(group.value)
        case .locked: .locked(locked.value)
        }
    }

    public func writer(of field: EmojiField) -> ClientID? {
        switch field {
        case .text: text.writer
        case .x: x.writer
        case .y: y.writer
        case .size: size.writer
        case .rotation: rotation.writer
        case .flipped: flipped.writer
        case .z: z.writer
        case .deleted: deleted.writer
        case .group: group.writer
        case .locked: locked.writer
        }
    }

    /// Sets one field (already clamped) as written by `writer`.
    mutating func set(_ value: FieldValue, by writer: ClientID) {
        switch value {
        case .text(let new): text = Stamped(new, by: writer)
        case .x(let new): x = Stamped(new, by: writer)
        case .y(let new): y = Stamped(new, by: writer)
        case .size(let new): size = Stamped(new, by: writer)
        case .rotation(let new): rotation = Stamped(new, by: writer)
        case .flipped(let new): flipped = Stamped(new, by: writer)
        case .z(let new): z = Stamped(new, by: writer)
        case .deleted(let new): deleted = Stamped(new, by: writer)
        case .group(let new): groupIfWritten = Stamped(new, by: writer)
        case .locked(let new): lockedIfWritten = Stamped(new, by: writer)
        }
    }
}
