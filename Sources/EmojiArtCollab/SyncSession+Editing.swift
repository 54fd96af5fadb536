import EmojiArtCore

/// The edits a window makes, as ops (C3): each but a document's entry is one undo step named as
/// in U2.
extension SyncSession {
    /// A document entering a new room (Share…, `emojiart share`): its content becomes the room's
    /// first push, not a step anyone can undo; its emojis keep their cids, and its image background
    /// becomes a sealed blob to upload (`imported.uploads`). Returns the import and the push to
    /// send when live.
    /// - Throws: `RoomBackgroundError` when the background is a file of this computer that cannot
    ///   be embedded (C7: its address never enters the room), or the sealer's or journal's error.
    public func enter(_ model: EmojiArtModel) throws -> (imported: CollabImport, messages: [ClientMessage]) {
        var model = model
        model.background = try RoomBackgroundRule.backgroundToShare(model)
        let imported = try CollabImport(model: model, session: self)
        // Not undoable, so the name is never shown.
        return (imported, try perform(imported.ops, named: "Share", undoable: false))
    }

    /// Adds an emoji on top of every other (tombstones included); returns its cid.
    @discardableResult
    public func addEmoji(_ text: String, x: Double, y: Double, size: Double) throws -> (CollabID, [ClientMessage]) {
        let cid = newCollabID()
        let z = ZKey.between(shown.topZ, nil, using: &random)
        let messages = try perform([.add(EmojiValues(cid: cid, text: text, x: x, y: y, size: size, z: z))], named: "Add \(text)")
        return (cid, messages)
    }

    /// Sets fields of emojis (move, scale, rotate, flip) as one step.
    @discardableResult
    public func setFields(_ values: [(CollabID, FieldValue)], named name: String, joining: Bool = false) throws -> [ClientMessage] {
        try perform(values.map { CollabOp.set(cid: $0.0, value: $0.1) }, named: name, joining: joining)
    }

    @discardableResult
    public func delete(_ cids: [CollabID]) throws -> [ClientMessage] {
        try perform(cids.map { CollabOp.set(cid: $0, value: .deleted(true)) }, named: "Delete")
    }

    /// Brings an emoji above every other: a new z key, one field.
    @discardableResult
    public func bringToFront(_ cid: CollabID) throws -> [ClientMessage] {
        let z = ZKey.between(shown.topZ, nil, using: &random)
        return try perform([.set(cid: cid, value: .z(z))], named: "Bring to Front")
    }

    /// Moves an emoji just below `other` in the drawing order.
    @discardableResult
    public func place(_ cid: CollabID, below other: CollabID) throws -> [ClientMessage] {
        let order = shown.drawingOrder
        guard let index = order.firstIndex(where: { $0.cid == other }) else { return [] }
        let lower = order[..<index].last { $0.cid != cid }?.z.value
        let z = ZKey.between(lower, order[index].z.value, using: &random)
        return try perform([.set(cid: cid, value: .z(z))], named: "Send Backward")
    }

    @discardableResult
    public func setBackground(_ background: CollabBackground) throws -> [ClientMessage] {
        try perform([.background(background)], named: background == .blank ? "Remove Background" : "Set Background")
    }
}
