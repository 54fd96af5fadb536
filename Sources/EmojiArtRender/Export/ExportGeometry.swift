import EmojiArtCore

/// Where the exported picture lies in the document and how large it is (SPEC E2).
public struct ExportGeometry: Hashable, Sendable {
    /// A cairo image surface is at most this many pixels a side (DESIGN "Images").
    public static let maximumSide = 32_767
    public static let maximumMegapixels = 200
    /// Content exports leave this fraction of each emoji's size around it: the square of side
    /// `size` is the emoji's nominal extent, and glyphs reach a little past it (DESIGN).
    public static let contentMarginPerSize = 0.15
    /// An empty document still gives a small blank picture, this many points a side.
    public static let emptySide = 64.0

    /// The document rectangle the picture shows.
    public let rect: DocumentRect
    /// Output units per document point.
    public let scale: Double
    public let pixelWidth: Int
    public let pixelHeight: Int

    public init(model: EmojiArtModel, backgroundSize: DocumentSize?, options: ExportOptions) throws(ExportError) {
        let backgroundRect = backgroundSize.map { DocumentRect(center: .zero, size: $0) }
        let contentRect = Self.contentRect(of: model)
        let chosen: DocumentRect? =
            switch options.area {
            case .background: backgroundRect ?? contentRect
            case .content: contentRect ?? backgroundRect
            case .both: [backgroundRect, contentRect].compactMap { $0 }.reduce(nil) { $0?.union($1) ?? $1 }
            }
        let rect = chosen ?? DocumentRect(center: .zero, size: DocumentSize(width: Self.emptySide, height: Self.emptySide))
        let scale: Double
        switch options.size {
        case .scale(let value):
            guard value.isFinite, value > 0 else { throw .invalidSize(localized("the scale must be a positive number")) }
            scale = value
        case .width(let width):
            guard width > 0 else { throw .invalidSize(localized("the width must be at least 1 pixel")) }
            scale = Double(width) / rect.width
        }
        // --width N gives exactly N pixels across (E2); otherwise partial pixels round up.
        let width: Int = if case .width(let requested) = options.size { requested } else { Self.pixels(rect.width * scale) }
        let height = Self.pixels(rect.height * scale)
        guard width <= Self.maximumSide, height <= Self.maximumSide,
            Double(width) * Double(height) <= Double(Self.maximumMegapixels) * 1_000_000
        else { throw .tooLarge(width: width, height: height) }
        self.rect = rect
        self.scale = scale
        self.pixelWidth = width
        self.pixelHeight = height
    }

    /// The viewport that shows `rect` filling a view of the picture's size.
    public var viewport: Viewport {
        Viewport(zoom: scale, pan: ViewVector(dx: -rect.center.x * scale, dy: -rect.center.y * scale))
    }

    public var viewSize: ViewSize {
        ViewSize(width: Double(pixelWidth), height: Double(pixelHeight))
    }

    /// The emojis' bounds with their margins, or nil without emojis: each emoji's turned square
    /// (Core's `boundingBox`) grown by the margin on every side.
    static func contentRect(of model: EmojiArtModel) -> DocumentRect? {
        model.emojis.lazy.map { emoji in
            let box = emoji.boundingBox
            let margin = 2 * emoji.size * contentMarginPerSize
            return DocumentRect(center: box.center, size: DocumentSize(width: box.width + margin, height: box.height + margin))
        }.reduce(nil) { $0?.union($1) ?? $1 }
    }

    private static func pixels(_ value: Double) -> Int {
        guard value.isFinite else { return Int.max }
        return max(1, Int(min(value.rounded(.up), Double(Int32.max))))
    }
}
