import Foundation

/// Emojis on the clipboard (S6), as `application/x-emojiart-emojis`: their texts, positions
/// relative to the centre of what was copied, sizes, rotation and flip. Another EmojiArt window
/// or process pastes them with their layout; plain text and a PNG go beside it.
public struct ClipboardEmojis: Codable, Hashable, Sendable {
    public static let mimeType = "application/x-emojiart-emojis"
    /// More than this many emojis on a clipboard is refused: a document may hold more, but a
    /// clipboard of another program's making must not stall the app.
    public static let maximumCount = 100_000
    /// More bytes than this are refused as they arrive, before they are all read: the most
    /// emojis allowed, copied by us, take a fraction of it.
    public static let maximumBytes = 16 << 20

    public struct Item: Codable, Hashable, Sendable {
        public var text: String
        public var x: Double
        public var y: Double
        public var size: Double
        public var rotation: Double?
        public var flipped: Bool?
        /// The group it was copied in (R3): pasted, the copies are a group again, of a new id.
        public var group: String?

        /// This item with its numbers clamped as a file's are on read (M4).
        func withinLimits(number: Int) throws(ClipboardEmojisError) -> Item {
            guard EmojiLimits.allowsText(text) else { throw .notAnEmoji(number: number) }
            guard let x = EmojiLimits.clamped(coordinate: x), let y = EmojiLimits.clamped(coordinate: y),
                let size = EmojiLimits.clamped(size: size),
                let rotation = EmojiLimits.normalized(rotation: rotation ?? 0)
            else { throw .notANumber(number: number) }
            return Item(
                text: text, x: x, y: y, size: size, rotation: rotation == 0 ? nil : rotation,
                flipped: flipped == true ? true : nil, group: group.flatMap { GroupID.isValid($0) ? $0 : nil })
        }
    }

    public var emojis: [Item]

    /// The emojis as copied, in drawing order, relative to the centre of their bounds.
    public init(copying copied: [Emoji]) {
        let center = copied.boundingBox?.center ?? .zero
        emojis = copied.map { emoji in
            Item(
                text: emoji.text, x: emoji.position.x - center.x, y: emoji.position.y - center.y, size: emoji.size,
                rotation: emoji.rotation == 0 ? nil : emoji.rotation, flipped: emoji.flipped ? true : nil,
                group: emoji.group)
        }
    }

    /// Reads what another window or process offered, held to the rules of every emoji that
    /// arrives from elsewhere (`EmojiLimits`): each text one emoji, numbers clamped into the file
    /// format's limits. All or nothing: one unusable emoji refuses the paste, with a reason,
    /// rather than pasting part of what the user copied.
    public init(data: Data) throws(ClipboardEmojisError) {
        guard data.count <= Self.maximumBytes else { throw .tooLarge(limitBytes: Self.maximumBytes) }
        guard let decoded = try? JSONDecoder().decode(Self.self, from: data) else { throw .notEmojiArtFormat }
        guard !decoded.emojis.isEmpty else { throw .empty }
        guard decoded.emojis.count <= Self.maximumCount else { throw .tooMany(limit: Self.maximumCount) }
        emojis = try decoded.emojis.enumerated().map { index, item throws(ClipboardEmojisError) in
            try item.withinLimits(number: index + 1)
        }
    }

    public var data: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The emojis' texts in drawing order, so a chat app gets "😀🌲".
    public var plainText: String { emojis.map(\.text).joined() }

    /// The emojis with their centre at `center` (ids are placeholders: the document hands out
    /// fresh ones).
    public func placed(at center: DocumentPoint) -> [Emoji] {
        emojis.map { item in
            Emoji(
                id: 0, text: item.text, position: DocumentPoint(x: center.x + item.x, y: center.y + item.y),
                size: item.size, rotation: item.rotation ?? 0, flipped: item.flipped ?? false, group: item.group)
        }
    }
}
