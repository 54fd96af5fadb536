import EmojiArtCore

/// Why an image could not become a background, in words a person can act on.
public enum BackgroundImageError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not an image this initializer reads (e.g. not a PNG).
    case unreadable(format: String, reason: String)
    /// Decoding the image needed more memory than is available.
    case outOfMemory
    /// The cairo surface handed over is not a usable image surface.
    case unusableSurface(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let format, let reason):
            localized("The background image could not be read as {format}: {reason}.", ["format": format, "reason": reason])
        case .outOfMemory:
            localized("The background image is too large to load: there is not enough memory.")
        case .unusableSurface(let reason):
            localized("The background image cannot be drawn: {reason}.", ["reason": reason])
        }
    }
}
