/// The fields of an emoji a user edits, each on its own (COLLAB "Fields"): in a shared document
/// my move and your resize of one emoji are edits of different fields, so neither undoes the other.
public enum EmojiProperty: String, CaseIterable, Hashable, Sendable {
    case text, x, y, size, rotation, flipped, group, locked
}

/// One property's value.
public enum PropertyValue: Hashable, Sendable {
    case text(String)
    case number(Double)
    case flag(Bool)
    /// A text that may be absent (a group id, R3).
    case optionalText(String?)
}

extension Emoji {
    public subscript(property: EmojiProperty) -> PropertyValue {
        get {
            switch property {
            case .text: .text(text)
            case .x: .number(position.x)
            case .y: .number(position.y)
            case .size: .number(size)
            case .rotation: .number(rotation)
            case .flipped: .flag(flipped)
            case .group: .optionalText(group)
            case .locked: .flag(locked)
            }
        }
        set {
            switch (property, newValue) {
            case (.text, .text(let value)): text = value
            case (.x, .number(let value)): position.x = value
            case (.y, .number(let value)): position.y = value
            case (.size, .number(let value)): size = value
            case (.rotation, .number(let value)): rotation = value
            case (.flipped, .flag(let value)): flipped = value
            case (.group, .optionalText(let value)): group = value
            case (.locked, .flag(let value)): locked = value
            default: break  // a value of another property's kind: not this property's
            }
        }
    }
}

/// One step's change as a shared document sends it (C3): per emoji and per field, never whole
/// emojis, so it maps onto the room's per-field last-writer-wins records.
public enum FieldEdit: Hashable, Sendable {
    /// A new emoji (add, paste, duplicate, drop); its place in the drawing order is where it is
    /// in the document after the step.
    case added(Emoji)
    case removed(Emoji)
    /// Moved in the drawing order (S7); its place is where it is in the document after the step.
    case restacked(Emoji)
    /// One property of an emoji (as it is after the step) changed from `before` to `after`.
    case changed(Emoji, EmojiProperty, before: PropertyValue, after: PropertyValue)
    case background(before: Background, after: Background)
}

/// A named user action of a shared document: what it changed, field by field.
public struct FieldStep: Hashable, Sendable {
    public var name: String
    public var edits: [FieldEdit]
    /// One more edit of a burst: the same undo step as the one before (U3).
    public var joinsPrevious = false

    public init(name: String, edits: [FieldEdit]) {
        self.name = name
        self.edits = edits
    }

    /// The net effect of `edits` applied in order: an emoji removed and put back elsewhere is
    /// restacked, one added and changed in the same step is added as it ends, a property changed
    /// back to what it was is no change.
    init(name: String, documentEdits edits: [DocumentEdit]) {
        struct Track {
            var first: Emoji
            var last: Emoji
            var existedBefore: Bool
            var existsAfter: Bool
            var reinserted = false
        }
        var tracks: [Int: Track] = [:]
        var order: [Int] = []
        var background: (before: Background, after: Background)?
        func touch(_ emoji: Emoji, existedBefore: Bool) {
            if tracks[emoji.id] == nil {
                tracks[emoji.id] = Track(first: emoji, last: emoji, existedBefore: existedBefore, existsAfter: existedBefore)
                order.append(emoji.id)
            }
        }
        for edit in edits {
            switch edit {
            case .insertEmojis(let placed):
                for item in placed {
                    touch(item.emoji, existedBefore: false)
                    if tracks[item.emoji.id]!.existedBefore { tracks[item.emoji.id]!.reinserted = true }
                    tracks[item.emoji.id]!.last = item.emoji
                    tracks[item.emoji.id]!.existsAfter = true
                }
            case .removeEmojis(let placed):
                for item in placed {
                    touch(item.emoji, existedBefore: true)
                    tracks[item.emoji.id]!.existsAfter = false
                }
            case .updateEmojis(let before, let after):
                for emoji in before { touch(emoji, existedBefore: true) }
                for emoji in after where tracks[emoji.id] != nil { tracks[emoji.id]!.last = emoji }
            case .setBackground(let before, let after):
                background = (background?.before ?? before, after)
            }
        }
        var result = [FieldEdit]()
        for id in order {
            let track = tracks[id]!
            switch (track.existedBefore, track.existsAfter) {
            case (false, true): result.append(.added(track.last))
            case (true, false): result.append(.removed(track.first))
            case (true, true):
                if track.reinserted { result.append(.restacked(track.last)) }
                for property in EmojiProperty.allCases where track.first[property] != track.last[property] {
                    result.append(.changed(track.last, property, before: track.first[property], after: track.last[property]))
                }
            case (false, false): break
            }
        }
        if let background, background.before != background.after {
            result.append(.background(before: background.before, after: background.after))
        }
        self.init(name: name, edits: result)
    }
}
