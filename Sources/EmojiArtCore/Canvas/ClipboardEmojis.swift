import Foundation

/// Emojis on the clipboard (S6), as `application/x-emojiart-emojis`: their texts, positions
/// relative to the centre of what was copied, sizes, rotation and flip. Another EmojiArt window
/// or process pastes them with their layout; plain text and a PNG go beside it.
public struct ClipboardEmojis: Codable, Hashable, Sendable {
    public static let mimeType = "application/x-emojiart-emojis"
    /// More than this many emojis on a clipboard is refused: a document may hold more, but a
    /// clipboard of another program's making must not stall the app.
    public static let maximumCount = 100_000

    public struct Item: Codable, Hashable, Sendable {
        public var text: String
        public var x: Double
        public var y: Double
        public var size: Double
        public var rotation: Double?
        public var flipped: Bool?
    }

    public var emojis: [Item]

    /// The emojis as copied, in drawing order, relative to the centre of their bounds.
    public init(copying copied: [Emoji]) {
        let center = copied.boundingBox?.center ?? .zero
        emojis = copied.map { emoji in
            Item(
                text: emoji.text, x: emoji.position.x - center.x, y: emoji.position.y - center.y, size: emoji.size,
                rotation: emoji.rotation == 0 ? nil : emoji.rotation, flipped: emoji.flipped ? true : nil)
        }
    }

    /// Reads what another window or process offered; nil when it is not ours or is unusable.
    public init?(data: Data) {
        guard data.count <= 64 << 20, let decoded = try? JSONDecoder().decode(Self.self, from: data),
              !decoded.emojis.isEmpty, decoded.emojis.count <= Self.maximumCount
        else { return nil }
        let usable = decoded.emojis.filter { item in
            !item.text.isEmpty && item.x.isFinite && item.y.isFinite && item.size.isFinite && item.size > 0
        }
        guard !usable.isEmpty else { return nil }
        emojis = usable
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
                size: item.size, rotation: item.rotation ?? 0, flipped: item.flipped ?? false)
        }
    }
}
