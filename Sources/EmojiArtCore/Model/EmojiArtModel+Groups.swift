/// Groups and locks as the canvas asks about them (R3, R4).
extension EmojiArtModel {
    /// The ids of the members of `group`.
    public func emojiIDs(inGroup group: String) -> Set<Int> {
        Set(emojis.lazy.filter { $0.group == group }.map(\.id))
    }

    /// `ids` with every other member of their groups (R3: clicking a member selects its group).
    /// Locked members (R4) are added only with `includingLocked`; those already in `ids` stay.
    public func expandingToGroups(_ ids: Set<Int>, includingLocked: Bool = false) -> Set<Int> {
        let groups = Set(emojis.lazy.filter { ids.contains($0.id) }.compactMap(\.group))
        guard !groups.isEmpty else { return ids }
        var expanded = ids
        for emoji in emojis where (includingLocked || !emoji.locked) && emoji.group.map(groups.contains) == true {
            expanded.insert(emoji.id)
        }
        return expanded
    }

    /// The ids of the emojis a user may select (R4: Select All and Tab skip locked ones), in
    /// z-order.
    public var unlockedEmojiIDs: [Int] {
        emojis.filter { !$0.locked }.map(\.id)
    }

    /// Whether any emoji is locked: "Unlock All" has something to do.
    public var hasLockedEmojis: Bool {
        emojis.contains { $0.locked }
    }
}
