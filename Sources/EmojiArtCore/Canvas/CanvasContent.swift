import Foundation

/// What a drop or a paste brings, classified once for both (D1–D5, S6): the canvas accepts
/// each kind the same way whichever way it came.
public enum CanvasContent: Hashable, Sendable {
    /// Emojis copied from an EmojiArt window (ours or another process's).
    case emojis(ClipboardEmojis)
    /// An http(s) image link, `imgurl=` already unwrapped: the URL background (D2).
    case imageURL(URL)
    /// `.emojiart` files: each opens in a window of its own (D2).
    case documents([URL])
    /// A local image file: read and embedded (D2, D3).
    case imageFile(URL)
    /// Image bytes (a dropped or copied picture): embedded (D3).
    case imageBytes(Data)
    /// One emoji (D1, D5).
    case emoji(String)
    /// Nothing the canvas can take.
    case unusable

    /// Text from a drop or the clipboard: an http(s) URL is a URL (browsers offer dragged links
    /// and images only as text, DESIGN joint 6); `file://` URIs are local files; otherwise its
    /// first character, if an emoji.
    public static func classify(text: String) -> CanvasContent {
        if let url = text.webURL { return .imageURL(url.unwrappedImageURL) }
        let lines = text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }  // a text/uri-list may hold comments
        let fileURLs = lines.compactMap { line -> URL? in
            guard line.lowercased().hasPrefix("file://"), let url = URL(string: line), url.isFileURL else { return nil }
            return url
        }
        if !fileURLs.isEmpty, fileURLs.count == lines.count { return classify(files: fileURLs) }
        if let emoji = text.leadingEmoji { return .emoji(emoji) }
        return .unusable
    }

    /// A file list (GTK delivers URI lists as file lists, https links included): the first
    /// decides, as in D4 — a web link is a URL, `.emojiart` files open, a local file is an image.
    public static func classify(files: [URL]) -> CanvasContent {
        guard let first = files.first else { return .unusable }
        if first.isWebURL { return .imageURL(first.unwrappedImageURL) }
        guard first.isFileURL else { return .unusable }
        if first.isEmojiArtDocument {
            return .documents(files.filter { $0.isFileURL && $0.isEmojiArtDocument })
        }
        return .imageFile(first)
    }

    /// Whether the content sets the background (the drop highlight and B5 policy care).
    public var setsBackground: Bool {
        switch self {
        case .imageURL, .imageFile, .imageBytes: true
        default: false
        }
    }
}

extension URL {
    fileprivate var isEmojiArtDocument: Bool {
        pathExtension.lowercased() == EmojiArtFormat.fileExtension
    }
}

/// Where content came from: the refusal's wording differs.
public enum ContentSource: Sendable {
    case drop, paste

    var refusal: String {
        switch self {
        case .drop: localized("Only emojis, images and image links can be dropped here.")
        case .paste: localized("Only emojis, images and image links can be pasted here.")
        }
    }
}

/// Work the canvas cannot do by itself, handed to the UI layer.
public enum CanvasRequest: Hashable, Sendable {
    /// Read (a file) or take (bytes), check (B6), decode off the main thread and embed as the
    /// background; then call `CanvasInteraction.setBackgroundByUser`.
    case embedImageFile(URL)
    case embedImageBytes(Data)
    /// Open these documents in windows of their own.
    case openDocuments([URL])
    /// Tell the user, briefly.
    case showMessage(String)
    /// Offer these emojis on the clipboard (S6): our format, their text and a picture of them.
    case putOnClipboard(ClipboardEmojis)
    /// Read the clipboard in `ContentOffer`'s order and `accept` what it holds (S6, D5).
    case readClipboard
    /// Ask for an image file, then `accept` it as `.imageFile` (B7).
    case chooseBackgroundFile
    /// Ask for an image's web address, then `accept` it as `.imageURL` (B7).
    case askForBackgroundURL
}

/// An input's outcome: effects to apply, and at most one request.
public struct CanvasResponse: Sendable, Hashable {
    public var effects: CanvasEffects
    public var request: CanvasRequest?

    public init(_ effects: CanvasEffects = [], request: CanvasRequest? = nil) {
        self.effects = effects
        self.request = request
    }
}

extension CanvasContent {
    /// Whether this is a single emoji (text that is neither a link nor a file).
    public var isEmoji: Bool {
        if case .emoji = self { return true }
        return false
    }
}
