import EmojiArtCore

/// What to export and how (SPEC E1, E2).
public struct ExportOptions: Hashable, Sendable {
    public enum Format: String, CaseIterable, Sendable {
        case png, svg, pdf

        /// The format named by a file's extension, e.g. "art.svg".
        public init?(fileExtension: String) {
            self.init(rawValue: fileExtension.lowercased())
        }
    }

    /// Which part of the document the picture shows.
    public enum Area: String, CaseIterable, Sendable {
        /// The background and every emoji.
        case both
        /// The background image's rectangle.
        case background
        /// The emojis' bounds, with a margin.
        case content
    }

    /// How big the picture is.
    public enum Size: Hashable, Sendable {
        /// Output pixels (or points) per document point: 1 draws the background at its own size.
        case scale(Double)
        /// Exactly this many pixels across.
        case width(Int)
    }

    public var format: Format
    public var size: Size
    public var area: Area
    /// Uncovered areas are fully transparent instead of white.
    public var isTransparent: Bool

    public init(format: Format, size: Size = .scale(1), area: Area = .both, isTransparent: Bool = false) {
        self.format = format
        self.size = size
        self.area = area
        self.isTransparent = isTransparent
    }
}
