/// The document's content (SPEC M1–M3): a background and emojis in z-order (last is on top),
/// with the counter that hands out emoji ids.
public struct EmojiArtModel: Hashable, Sendable {
    public var background: Background
    public private(set) var emojis: [Emoji]
    /// The last id handed out; the next emoji gets `uniqueEmojiId + 1`.
    public private(set) var uniqueEmojiId: Int

    public init() {
        self.background = .blank
        self.emojis = []
        self.uniqueEmojiId = 0
    }

    /// Builds a model from possibly inconsistent input, as the original's files may hold:
    /// duplicate ids get fresh ones, and a missing or too small counter becomes the largest id.
    public init(background: Background, emojis: [Emoji], uniqueEmojiId: Int = 0) {
        self.background = background
        var counter = max(uniqueEmojiId, emojis.map(\.id).max() ?? 0, 0)
        var seen = Set<Int>()
        seen.reserveCapacity(emojis.count)
        var unique = [Emoji]()
        unique.reserveCapacity(emojis.count)
        for emoji in emojis {
            if emoji.id > 0, seen.insert(emoji.id).inserted {
                unique.append(emoji)
            } else {
                counter += 1
                seen.insert(counter)
                unique.append(Emoji(id: counter, text: emoji.text, position: emoji.position, size: emoji.size))
            }
        }
        self.emojis = unique
        self.uniqueEmojiId = counter
    }

    /// Adds an emoji on top of the others and returns it with its new id.
    @discardableResult
    public mutating func addEmoji(_ text: String, at position: DocumentPoint, size: Double) -> Emoji {
        uniqueEmojiId += 1
        let emoji = Emoji(id: uniqueEmojiId, text: text, position: position, size: size)
        emojis.append(emoji)
        return emoji
    }

    public func emoji(withID id: Int) -> Emoji? {
        emojis.first { $0.id == id }
    }

    /// The emojis whose ids are in `ids`, in z-order.
    public func emojis(withIDs ids: Set<Int>) -> [Emoji] {
        emojis.filter { ids.contains($0.id) }
    }

    /// Replaces the emojis that share an id with one of `updated`; others are left alone.
    public mutating func update(_ updated: [Emoji]) {
        guard !updated.isEmpty else { return }
        let byID = Dictionary(updated.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        for index in emojis.indices {
            if let replacement = byID[emojis[index].id] {
                emojis[index] = replacement
            }
        }
    }

    /// Removes the emojis with the given ids and returns them with the indices they had,
    /// so `insert(_:)` can put them back in the same z-order.
    @discardableResult
    public mutating func removeEmojis(withIDs ids: Set<Int>) -> [PlacedEmoji] {
        var removed = [PlacedEmoji]()
        var kept = [Emoji]()
        kept.reserveCapacity(emojis.count)
        for (index, emoji) in emojis.enumerated() {
            if ids.contains(emoji.id) {
                removed.append(PlacedEmoji(index: index, emoji: emoji))
            } else {
                kept.append(emoji)
            }
        }
        if !removed.isEmpty { emojis = kept }
        return removed
    }

    /// Puts emojis back at the indices they were removed from (ascending order of index).
    public mutating func insert(_ placed: [PlacedEmoji]) {
        for item in placed.sorted(by: { $0.index < $1.index }) {
            emojis.insert(item.emoji, at: min(item.index, emojis.count))
            uniqueEmojiId = max(uniqueEmojiId, item.emoji.id)
        }
    }

    /// The union of the emojis' frames, or nil when there are none.
    public var emojiBounds: DocumentRect? {
        guard let first = emojis.first else { return nil }
        return emojis.dropFirst().reduce(first.frame) { $0.union($1.frame) }
    }
}

/// An emoji with its index in the z-order, as removed from or inserted into a model.
public struct PlacedEmoji: Hashable, Sendable {
    public var index: Int
    public var emoji: Emoji

    public init(index: Int, emoji: Emoji) {
        self.index = index
        self.emoji = emoji
    }
}
