/// A kind of content a drop or the clipboard can hold, in Core's terms, listed in the order they
/// are read (D4, D5, S6): emojis copied from EmojiArt, then files, then text — whose link beats
/// image data — then an image.
public enum ContentFormat: Sendable, Hashable, CaseIterable {
    /// Emojis copied from an EmojiArt window (`ClipboardEmojis.mimeType`).
    case emojis
    /// A file list: local files, and URI lists, web links included.
    case files
    /// Text: a link, a `file://` URI or an emoji.
    case text
    /// Image data.
    case image
}

/// What a drop or the clipboard offers. Drop and paste read it the same way: `firstFormat`, then
/// `format(after:read:)` until the content is one the canvas can take.
public struct ContentOffer: Sendable, Hashable {
    public var formats: Set<ContentFormat>

    public init(_ formats: Set<ContentFormat> = []) {
        self.formats = formats
    }

    public var isEmpty: Bool { formats.isEmpty }

    public var firstFormat: ContentFormat? {
        ContentFormat.allCases.first(where: formats.contains)
    }

    /// The format to read next after `format` was read as `content`, or nil to accept `content`.
    /// Content the canvas cannot take gives way to the next format offered; so does emoji text
    /// beside image data (D4: a URL, then an image, then emoji text — a browser dragging an image
    /// offers its URL as text with the bytes).
    public func format(after format: ContentFormat, read content: CanvasContent) -> ContentFormat? {
        let later = ContentFormat.allCases.drop { $0 != format }.dropFirst().filter(formats.contains)
        if content == .unusable { return later.first }
        if content.isEmoji, formats.contains(.image) { return .image }
        return nil
    }
}
