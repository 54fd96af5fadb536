/// Arrange (R2), Group (R3) and Lock (R4): each one undo step named as its menu item, and none at
/// all when it would change nothing. They change emojis in place through `replaceEmojis`, so a
/// shared document sends them as field edits like a move (C3).
extension EmojiArtDocument {
    /// Lines the emojis with these ids up on `alignment`'s line of the frame around them, each
    /// group among them as one unit (see `Arrangement`). Locked emojis (R4) stay where they are
    /// and do not count towards the frame.
    public func align(_ ids: Set<Int>, to alignment: Alignment) {
        replaceEmojis(Arrangement.align(movableEmojis(ids), to: alignment), named: ActionName.align(alignment))
    }

    /// Spaces the emojis with these ids out along `axis` with equal gaps, the outer two staying
    /// (see `Arrangement`); locked ones stay out of it.
    public func distribute(_ ids: Set<Int>, axis: DistributionAxis) {
        replaceEmojis(Arrangement.distribute(movableEmojis(ids), along: axis), named: ActionName.distribute(axis))
    }

    /// Makes the emojis with these ids one new group (R3) and returns its id. Members of other
    /// groups leave them: an emoji is in one group at most. Nil, and no step, for fewer than two
    /// emojis or when they are already exactly one group.
    @discardableResult
    public func group(_ ids: Set<Int>) -> String? {
        let members = model.emojis(withIDs: ids)
        guard members.count >= 2 else { return nil }
        if let current = members[0].group, model.emojiIDs(inGroup: current) == Set(members.map(\.id)) { return nil }
        let group = makeGroupID()
        replaceEmojis(members.map { $0.with(group: group) }, named: ActionName.group)
        return group
    }

    /// Dissolves the groups that any of the emojis with these ids belong to, with all their
    /// members, selected or not: Ungroup undoes Group whichever members a window had selected.
    public func ungroup(_ ids: Set<Int>) {
        let groups = Set(model.emojis(withIDs: ids).compactMap(\.group))
        guard !groups.isEmpty else { return }
        let members = model.emojis.filter { $0.group.map(groups.contains) == true }
        replaceEmojis(members.map { $0.with(group: nil) }, named: ActionName.ungroup)
    }

    /// Locks the emojis with these ids (R4).
    public func lock(_ ids: Set<Int>) {
        let unlocked = model.emojis(withIDs: ids).filter { !$0.locked }
        replaceEmojis(unlocked.map { $0.with(locked: true) }, named: ActionName.lock)
    }

    /// Unlocks these emojis (R4): one locked emoji, or its group, from its context menu.
    public func unlock(_ ids: Set<Int>) {
        let locked = model.emojis(withIDs: ids).filter(\.locked)
        replaceEmojis(locked.map { $0.with(locked: false) }, named: ActionName.unlock)
    }

    /// Unlocks every locked emoji (R4).
    public func unlockAll() {
        let locked = model.emojis.filter(\.locked)
        replaceEmojis(locked.map { $0.with(locked: false) }, named: ActionName.unlockAll)
    }

    /// The emojis with these ids that may move: the unlocked ones, in z-order.
    private func movableEmojis(_ ids: Set<Int>) -> [Emoji] {
        model.emojis(withIDs: ids).filter { !$0.locked }
    }
}

extension Emoji {
    fileprivate func with(group: String?) -> Emoji {
        var changed = self
        changed.group = group
        return changed
    }

    fileprivate func with(locked: Bool) -> Emoji {
        var changed = self
        changed.locked = locked
        return changed
    }
}
