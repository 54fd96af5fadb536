import Foundation

/// The document's content (SPEC M1–M3): a background and emojis in z-order (last is on top),
/// with the counter that hands out emoji ids.
public struct EmojiArtModel: Hashable, Sendable {
    public var background: Background
    public private(set) var emojis: [Emoji] {
        didSet { emojisRevision = Self.nextEmojisRevision() }  // no `oldValue`: edits stay in place
    }
    /// Names the emojis as they are: every change of them, in any copy of the model, takes a
    /// number never used before, so two models with the same revision hold the same emojis. A
    /// canvas that drew 100,000 emojis knows from it, without comparing them (or keeping the
    /// array, which would make the next edit copy it), whether they changed. Not part of `==`.
    public private(set) var emojisRevision: UInt64
    /// The last id handed out; the next emoji gets `uniqueEmojiId + 1`.
    public private(set) var uniqueEmojiId: Int
    /// The room this document is shared in (SPEC C2, C6), nil when it is not shared. Never the key.
    public var collab: SharedRoom?
    /// Names the document's earlier versions (SPEC H1): kept in the file, so a renamed or moved
    /// document keeps its past. Nil until the document first needs one; edits never change it.
    public var documentID: UUID?

    public init() {
        self.background = .blank
        self.emojis = []
        self.uniqueEmojiId = 0
        self.emojisRevision = Self.nextEmojisRevision()
    }

    /// Builds a model from possibly inconsistent input, as the original's files may hold:
    /// duplicate ids (and ids outside 1...`EmojiArtFormat.maxEmojiID`) get fresh ones, and a
    /// missing or too small counter becomes the largest id.
    public init(
        background: Background, emojis: [Emoji], uniqueEmojiId: Int = 0, collab: SharedRoom? = nil, documentID: UUID? = nil
    ) {
        self.background = background
        self.collab = collab
        self.documentID = documentID
        // The first emoji with each valid id keeps it; the others get fresh ones, which must not
        // collide with an id that comes later in the list.
        var taken = Set<Int>()
        taken.reserveCapacity(emojis.count)
        let keepsID = emojis.map { (1...EmojiArtFormat.maxEmojiID).contains($0.id) && taken.insert($0.id).inserted }
        var ids = FreshEmojiIDs(
            counter: min(max(uniqueEmojiId, taken.max() ?? 0, 0), EmojiArtFormat.maxEmojiID), taken: taken)
        self.emojis = zip(emojis, keepsID).map { emoji, keepsID in
            guard !keepsID else { return emoji }
            // Renumbered, yet the same emoji as written: it keeps its collaboration keys.
            var renumbered = emoji.withID(ids.next())
            renumbered.cid = emoji.cid
            renumbered.z = emoji.z
            return renumbered
        }
        self.uniqueEmojiId = ids.counter
        self.emojisRevision = Self.nextEmojisRevision()
    }

    private static func nextEmojisRevision() -> UInt64 {
        EmojisRevisions.shared.next()
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.background == rhs.background && lhs.uniqueEmojiId == rhs.uniqueEmojiId && lhs.collab == rhs.collab
            && lhs.documentID == rhs.documentID && (lhs.emojisRevision == rhs.emojisRevision || lhs.emojis == rhs.emojis)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(background)
        hasher.combine(emojis)
        hasher.combine(uniqueEmojiId)
        hasher.combine(collab)
        hasher.combine(documentID)
    }

    /// The id the next added emoji gets: one above the counter, as in the original. A counter
    /// already at `EmojiArtFormat.maxEmojiID` (a file may hold one) cannot grow, or the saved file
    /// would not open again; then the smallest id no emoji has is used instead.
    public func nextEmojiID() -> Int {
        if uniqueEmojiId < EmojiArtFormat.maxEmojiID { return uniqueEmojiId + 1 }
        var ids = FreshEmojiIDs(counter: uniqueEmojiId, taken: Set(emojis.map(\.id)))
        return ids.next()
    }

    /// Adds an emoji on top of the others and returns it with its new id.
    @discardableResult
    public mutating func addEmoji(_ text: String, at position: DocumentPoint, size: Double) -> Emoji {
        let emoji = Emoji(id: nextEmojiID(), text: text, position: position, size: size)
        uniqueEmojiId = max(uniqueEmojiId, emoji.id)
        emojis.append(emoji)
        return emoji
    }

    public func emoji(withID id: Int) -> Emoji? {
        emojis.first { $0.id == id }
    }

    /// The emojis whose ids are in `ids`, in z-order.
    public func emojis(withIDs ids: Set<Int>) -> [Emoji] {
        guard ids.count > Self.fewIDs else {
            // A few ids (a selection being nudged): comparing each emoji's id with them costs a
            // fraction of hashing every id of a big document.
            let wanted = Array(ids)
            return wanted.isEmpty ? [] : emojis.filter { wanted.contains($0.id) }
        }
        return emojis.filter { ids.contains($0.id) }
    }

    /// Up to this many ids, `emojis(withIDs:)` compares instead of hashing.
    private static let fewIDs = 8

    /// Replaces the emojis that share an id with one of `updated`; others are left alone.
    public mutating func update(_ updated: [Emoji]) {
        guard !updated.isEmpty else { return }
        if updated.count <= Self.fewIDs {
            // A nudged or dragged selection: found by comparing ids, as `emojis(withIDs:)` does.
            var remaining = updated.count
            for index in emojis.indices where remaining > 0 {
                if let replacement = updated.last(where: { $0.id == emojis[index].id }) {
                    emojis[index] = replacement
                    remaining -= 1
                }
            }
            return
        }
        if updateInStackOrder(updated) { return }
        let byID = Dictionary(updated.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        for index in emojis.indices {
            if let replacement = byID[emojis[index].id] {
                emojis[index] = replacement
            }
        }
    }

    /// Replaces the emojis of `updated` when it lists them in stack order, as a dragged
    /// selection does, with one walk comparing ids (a drag of 300 in 10,000 emojis updates them
    /// at every frame); false, changing nothing, when it does not.
    private mutating func updateInStackOrder(_ updated: [Emoji]) -> Bool {
        var indices: [Int] = []
        indices.reserveCapacity(updated.count)
        var next = 0
        for index in emojis.indices where next < updated.count && emojis[index].id == updated[next].id {
            indices.append(index)
            next += 1
        }
        guard next == updated.count else { return false }
        for (index, replacement) in zip(indices, updated) { emojis[index] = replacement }
        return true
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

    /// The union of the emojis' (turned) squares, or nil when there are none.
    /// No emojis and no background: the canvas shows its hint (X4), and an untitled draft that
    /// stayed empty closes without asking.
    public var isEmpty: Bool { emojis.isEmpty && background == .blank }

    public var emojiBounds: DocumentRect? {
        guard let first = emojis.first else { return nil }
        return emojis.dropFirst().reduce(first.boundingBox) { $0.union($1.boundingBox) }
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

/// Hands out ids no emoji has: counting up from the counter while it is below
/// `EmojiArtFormat.maxEmojiID`, then the smallest free ones (checked in one upward sweep, so
/// renumbering a million emojis stays linear).
private struct FreshEmojiIDs {
    private(set) var counter: Int
    var taken: Set<Int>
    private var smallestCandidate = 1

    init(counter: Int, taken: Set<Int>) {
        self.counter = counter
        self.taken = taken
    }

    mutating func next() -> Int {
        if counter < EmojiArtFormat.maxEmojiID {
            counter += 1  // above every taken id, so free
            taken.insert(counter)
            return counter
        }
        while taken.contains(smallestCandidate) { smallestCandidate += 1 }
        taken.insert(smallestCandidate)
        return smallestCandidate
    }
}

/// Hands out `EmojiArtModel.emojisRevision`s: models change on any thread.
private final class EmojisRevisions: @unchecked Sendable {
    static let shared = EmojisRevisions()
    private let lock = NSLock()
    private var last: UInt64 = 0

    func next() -> UInt64 {
        lock.withLock {
            last += 1
            return last
        }
    }
}
