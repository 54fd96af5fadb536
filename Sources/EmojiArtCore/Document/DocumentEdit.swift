/// One reversible change to a model. Undo steps hold these — what changed, never a copy of
/// the whole document — so 1,000 moves of one emoji cost 1,000 small values (U1).
enum DocumentEdit: Sendable {
    case insertEmojis([PlacedEmoji])
    case removeEmojis([PlacedEmoji])
    /// The listed emojis change in place (move, scale); `before` and `after` hold the same ids.
    case updateEmojis(before: [Emoji], after: [Emoji])
    case setBackground(before: Background, after: Background)

    /// Leaves the model as it was: a drag that came back to where it began, a cancelled move.
    var changesNothing: Bool {
        switch self {
        case .insertEmojis(let placed), .removeEmojis(let placed): placed.isEmpty
        case .updateEmojis(let before, let after): before == after
        case .setBackground(let before, let after): before == after
        }
    }

    var inverse: DocumentEdit {
        switch self {
        case .insertEmojis(let placed): .removeEmojis(placed)
        case .removeEmojis(let placed): .insertEmojis(placed)
        case .updateEmojis(let before, let after): .updateEmojis(before: after, after: before)
        case .setBackground(let before, let after): .setBackground(before: after, after: before)
        }
    }

    /// What a window must redraw after this edit is applied.
    var change: DocumentChange {
        switch self {
        case .insertEmojis, .removeEmojis, .updateEmojis: .emojis
        case .setBackground: .background
        }
    }

    func apply(to model: inout EmojiArtModel) {
        switch self {
        case .insertEmojis(let placed): model.insert(placed)
        case .removeEmojis(let placed): model.removeEmojis(withIDs: Set(placed.map(\.emoji.id)))
        case .updateEmojis(_, let after): model.update(after)
        case .setBackground(_, let after): model.background = after
        }
    }

    /// Folds `next` into this edit when both update emojis, keeping the oldest `before` and the
    /// newest `after` of each emoji, so a drag of a hundred frames is still one small edit (U3).
    mutating func absorb(_ next: DocumentEdit) -> Bool {
        switch (self, next) {
        case (.updateEmojis(let before, let after), .updateEmojis(let nextBefore, let nextAfter)):
            var latest = Dictionary(after.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
            var mergedBefore = before
            for emoji in nextBefore where latest[emoji.id] == nil {
                mergedBefore.append(emoji)
            }
            for emoji in nextAfter {
                latest[emoji.id] = emoji
            }
            self = .updateEmojis(before: mergedBefore, after: mergedBefore.compactMap { latest[$0.id] })
            return true
        case (.setBackground(let before, _), .setBackground(_, let after)):
            self = .setBackground(before: before, after: after)
            return true
        default:
            return false
        }
    }
}
