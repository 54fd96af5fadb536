/// The editor's verbs beyond the original (S5–S9, B7): they all end in `perform`, so each is one
/// named undo step (U2).
extension EmojiArtDocument {
    /// Replaces the emojis that share an id with one of `updated` (a move, scale, rotate or flip
    /// computed from the emojis as they were when the gesture began). Inside a gesture group of
    /// the same name the frames fold into one step (U3).
    public func replaceEmojis(_ updated: [Emoji], named name: String) {
        let byID = Dictionary(updated.map { ($0.id, Self.clamped($0)) }, uniquingKeysWith: { _, last in last })
        let before = model.emojis(withIDs: Set(byID.keys))
        let after = before.compactMap { byID[$0.id] }
        guard !before.isEmpty, after != before else { return }
        perform(.updateEmojis(before: before, after: after), named: name)
    }

    /// Adds copies of `emojis` on top with fresh ids (Paste, Duplicate; S6) and returns them.
    /// Copies of a group are a new group (R3); copies of a locked emoji are locked.
    @discardableResult
    public func insertCopies(of emojis: [Emoji], named name: String) -> [Emoji] {
        var scratch = model
        var placed = [PlacedEmoji]()
        for emoji in emojis.withFreshGroupIDs(using: makeGroupID) where !emoji.text.isEmpty {
            let copy = Self.clamped(emoji.withID(scratch.nextEmojiID()))
            scratch.insert([PlacedEmoji(index: scratch.emojis.count, emoji: copy)])
            placed.append(PlacedEmoji(index: model.emojis.count + placed.count, emoji: copy))
        }
        guard !placed.isEmpty else { return [] }
        perform(.insertEmojis(placed), named: name)
        return placed.map(\.emoji)
    }

    /// Removes the emojis with these ids as one step named `name` ("Delete", "Cut").
    public func deleteEmojis(_ ids: Set<Int>, named name: String) {
        let removed = model.emojis.enumerated()
            .filter { ids.contains($0.element.id) }
            .map { PlacedEmoji(index: $0.offset, emoji: $0.element) }
        guard !removed.isEmpty else { return }
        perform(.removeEmojis(removed), named: name)
    }

    /// Moves the emojis with these ids in the drawing order (S7): stored as their removal from
    /// where they were and their insertion where they go, so undo puts each back exactly.
    public func restack(_ ids: Set<Int>, _ move: StackingMove) {
        let order = model.emojis.map(\.id)
        let newOrder = move.reorder(
            order, moving: ids,
            overlapping: { a, b in
                guard let first = model.emoji(withID: a), let second = model.emoji(withID: b) else { return false }
                return first.boundingBox.intersects(second.boundingBox)
            })
        guard newOrder != order else { return }
        let removed = model.emojis.enumerated()
            .filter { ids.contains($0.element.id) }
            .map { PlacedEmoji(index: $0.offset, emoji: $0.element) }
        let newIndex = Dictionary(uniqueKeysWithValues: newOrder.enumerated().map { ($0.element, $0.offset) })
        let inserted = removed.map { PlacedEmoji(index: newIndex[$0.emoji.id] ?? $0.index, emoji: $0.emoji) }
        perform([.removeEmojis(removed), .insertEmojis(inserted)], named: move.actionName)
    }

    /// Sets the background as a step named `name` ("Set Background", "Remove Background"; B7).
    public func setBackground(_ background: Background, named name: String) {
        guard background != model.background else { return }
        perform(.setBackground(before: model.background, after: background), named: name)
    }

    /// Within what a file can hold (M4): a group id no file keeps is no group.
    static func clamped(_ emoji: Emoji) -> Emoji {
        var clamped = emoji
        clamped.position = Self.clamped(emoji.position)
        clamped.size = Self.clamped(size: emoji.size)
        if let group = emoji.group, !GroupID.isValid(group) { clamped.group = nil }
        return clamped
    }
}
