/// The palette editor's changes to a palette's emojis (P3), on the emojis as the editor shows
/// them — each once, in order (`Palette.uniqueEmojis`): removing one with a way back, and moving
/// one to another place. The results keep each emoji once, so a stored string that repeated one
/// comes out tidy.
extension Palette {
    /// An emoji removed from the editor's grid, and where it was: Undo puts it back there.
    public struct RemovedEmoji: Hashable, Sendable {
        public var emoji: String
        public var index: Int

        public init(emoji: String, index: Int) {
            self.emoji = emoji
            self.index = index
        }
    }

    /// The emojis without the one shown at `index`, and what Undo needs; nil past the end.
    public func removingEmoji(at index: Int) -> (emojis: String, removed: RemovedEmoji)? {
        var shown = uniqueEmojis
        guard shown.indices.contains(index) else { return nil }
        let emoji = shown.remove(at: index)
        return (shown.joined(), RemovedEmoji(emoji: emoji, index: index))
    }

    /// The emojis with `removed` back where it was — or as near as the palette's changes since
    /// allow; unchanged when the emoji is in the palette again already.
    public func restoring(_ removed: RemovedEmoji) -> String {
        var shown = uniqueEmojis
        guard !shown.contains(removed.emoji) else { return shown.joined() }
        shown.insert(removed.emoji, at: min(removed.index, shown.count))
        return shown.joined()
    }

    /// The emojis with those of `text` that are not in the palette yet put in at `index` (a drop
    /// from the strip or another program onto the grid); nil when none is new.
    public func insertingEmojis(_ text: String, at index: Int) -> String? {
        var shown = uniqueEmojis
        let new = text.uniqueEmojis.map(String.init).filter { !shown.contains($0) }
        guard !new.isEmpty else { return nil }
        shown.insert(contentsOf: new, at: min(max(index, 0), shown.count))
        return shown.joined()
    }

    /// The emojis with the one shown at `source` moved to `destination` (a drag in the grid, or
    /// Alt+← / Alt+→); nil when either is past the end or nothing moves.
    public func movingEmoji(from source: Int, to destination: Int) -> String? {
        var shown = uniqueEmojis
        guard shown.indices.contains(source), shown.indices.contains(destination), source != destination else { return nil }
        shown.insert(shown.remove(at: source), at: destination)
        return shown.joined()
    }

    /// The emojis after `text` was dropped on the grid onto the emoji shown at `target` (nil: past
    /// the last one): an emoji shown already moves there — to the last place when dropped past
    /// the end —, new emojis go in there; nil when nothing changes.
    public func droppingEmojis(_ text: String, onEmojiAt target: Int?) -> String? {
        let shown = uniqueEmojis
        let destination = target ?? shown.count
        if let source = shown.firstIndex(of: text) { return movingEmoji(from: source, to: min(destination, shown.count - 1)) }
        return insertingEmojis(text, at: destination)
    }

    /// How many places Alt+← (`leftwards`) or Alt+→ moves an emoji along the grid: one back or
    /// forward in reading order, which runs leftwards in a right-to-left language.
    public static func gridStep(leftwards: Bool, rightToLeft: Bool) -> Int {
        leftwards == rightToLeft ? 1 : -1
    }
}
