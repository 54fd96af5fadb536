/// What `emojiart info` reports about a document (SPEC E3). `info` never uses the network,
/// so the pixel size is known only for embedded images whose header can be read.
public struct DocumentSummary: Hashable, Sendable, Encodable {
    public struct BackgroundSummary: Hashable, Sendable, Encodable {
        public var kind: String
        public var url: String?
        public var pixelWidth: Int?
        public var pixelHeight: Int?

        private enum CodingKeys: String, CodingKey { case kind, url, pixelWidth, pixelHeight }

        /// Writes every key, null when unknown, so scripts can rely on the shape.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(url, forKey: .url)
            try container.encode(pixelWidth, forKey: .pixelWidth)
            try container.encode(pixelHeight, forKey: .pixelHeight)
        }
    }

    public struct Bounds: Hashable, Sendable, Encodable {
        public var minX: Double
        public var minY: Double
        public var maxX: Double
        public var maxY: Double
    }

    public var formatVersion: Int
    public var background: BackgroundSummary
    public var emojiCount: Int
    public var uniqueEmojiId: Int
    /// The union of the emojis' squares in document coordinates; nil without emojis.
    public var bounds: Bounds?

    public init(model: EmojiArtModel, imageSize: (width: Int, height: Int)? = nil) {
        formatVersion = EmojiArtFormat.currentVersion
        background = BackgroundSummary(
            kind: model.background.kindName, url: model.background.url?.absoluteString,
            pixelWidth: imageSize?.width, pixelHeight: imageSize?.height)
        emojiCount = model.emojis.count
        uniqueEmojiId = model.uniqueEmojiId
        bounds = model.emojiBounds.map { Bounds(minX: $0.minX, minY: $0.minY, maxX: $0.maxX, maxY: $0.maxY) }
    }

    private enum CodingKeys: String, CodingKey { case formatVersion, background, emojiCount, uniqueEmojiId, bounds }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatVersion, forKey: .formatVersion)
        try container.encode(background, forKey: .background)
        try container.encode(emojiCount, forKey: .emojiCount)
        try container.encode(uniqueEmojiId, forKey: .uniqueEmojiId)
        try container.encode(bounds, forKey: .bounds)
    }

    /// The summary as lines for people, e.g. "Emojis: 3 (last id 3)".
    public var lines: [String] {
        var lines = [localized("Format version: {version}", ["version": String(formatVersion)])]
        switch background.kind {
        case "url": lines.append(localized("Background: image from {url}", ["url": background.url ?? ""]))
        case "imageData": lines.append(localized("Background: embedded image") + pixelSizeText)
        default: lines.append(localized("Background: blank"))
        }
        lines.append(localized("Emojis: {count} (last id {id})", ["count": String(emojiCount), "id": String(uniqueEmojiId)]))
        if let bounds {
            lines.append(
                localized(
                    "Bounds: x {min_x} to {max_x}, y {min_y} to {max_y}",
                    [
                        "min_x": Self.format(bounds.minX), "max_x": Self.format(bounds.maxX),
                        "min_y": Self.format(bounds.minY), "max_y": Self.format(bounds.maxY),
                    ]))
        } else {
            lines.append(localized("Bounds: none (no emojis)"))
        }
        return lines
    }

    private var pixelSizeText: String {
        guard let width = background.pixelWidth, let height = background.pixelHeight else { return "" }
        return ", \(width) × \(height) px"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
