/// The emojis selected in one window (S1). Not part of the document: each window has its own,
/// and it is never saved.
public struct EmojiSelection: Hashable, Sendable {
    public private(set) var ids: Set<Int> = []

    public init(ids: Set<Int> = []) {
        self.ids = ids
    }

    public var isEmpty: Bool { ids.isEmpty }

    public func contains(_ id: Int) -> Bool { ids.contains(id) }

    /// A plain click on an emoji: an unselected one becomes the only selection; a selected one
    /// keeps the selection as it is, so a following drag moves all of it.
    public mutating func click(on id: Int) {
        if !ids.contains(id) { ids = [id] }
    }

    /// A Shift- or Ctrl-click: toggles one emoji in or out.
    public mutating func toggle(_ id: Int) {
        if ids.remove(id) == nil { ids.insert(id) }
    }

    /// A plain click on a group's member (R3): like `click(on:)`, for the whole group.
    public mutating func click(onAll unit: Set<Int>) {
        if !unit.isSubset(of: ids) { ids = unit }
    }

    /// A Shift-click on a group's member (R3): the whole group out when all of it is in, else in.
    public mutating func toggle(all unit: Set<Int>) {
        if unit.isSubset(of: ids) { ids.subtract(unit) } else { ids.formUnion(unit) }
    }

    public mutating func select(_ newIDs: Set<Int>) {
        ids = newIDs
    }

    public mutating func clear() {
        ids.removeAll()
    }

    /// Drops ids that no longer exist in `model`, e.g. after a delete or an undo of an add, and
    /// those locked meanwhile (R4: a lock set by anyone holds for everyone).
    public mutating func removeMissing(from model: EmojiArtModel) {
        guard !ids.isEmpty else { return }
        keep(present: model.emojis(withIDs: ids))
    }

    /// As `removeMissing(from:)`, given the selected emojis the model still has.
    public mutating func keep(present: [Emoji]) {
        let kept = present.lazy.filter { !$0.locked }.map(\.id)
        guard kept.count != ids.count else { return }  // present ones are selected ones: none went
        ids = Set(kept)
    }
}
