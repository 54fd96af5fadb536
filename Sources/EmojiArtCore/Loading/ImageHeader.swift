import Foundation

/// The type and declared pixel size of an image, read from its first bytes without decoding it.
///
/// DESIGN "Images": EmojiArt shows PNG, JPEG, GIF (first frame) and WebP. Anything else, and
/// any image declaring more pixels than the limit, is refused here (SPEC B6) before a decoder
/// sees the bytes and allocates a pixel buffer for them. Parsing never traps: truncated or
/// corrupt input gives nil.
public struct ImageHeader: Hashable, Sendable {
    /// The image formats EmojiArt can show.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case png, jpeg, gif, webp
    }

    public var format: Format
    /// The width in pixels the header declares, at least 1.
    public var width: Int
    /// The height in pixels the header declares, at least 1.
    public var height: Int

    public init(format: Format, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// Reads the header at the start of `data`; nil when it is not a PNG, JPEG, GIF or WebP
    /// image, when the header is cut off or corrupt, or when it declares no pixels.
    public init?(_ data: Data) {
        guard let header = data.withUnsafeBytes({ Self.parse(ByteReader(bytes: $0)) }) else { return nil }
        self = header
    }

    /// width × height, saturating instead of overflowing.
    public var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : product
    }

    /// The header of `data` if it is a whole image within `limits.maxPixels` (SPEC B6).
    /// - Throws: `.notAnImage`, `.tooManyPixels` or `.incompleteImage`.
    public static func validated(_ data: Data, limits: FetchLimits = .standard) throws(ImageFetchError) -> ImageHeader {
        guard let header = ImageHeader(data) else { throw .notAnImage }
        guard header.pixelCount <= limits.maxPixels else {
            throw .tooManyPixels(width: header.width, height: header.height)
        }
        guard header.format.isComplete(data) else { throw .incompleteImage }
        return header
    }

    private static func parse(_ reader: ByteReader) -> ImageHeader? {
        let header: ImageHeader? =
            switch Format(signatureOf: reader) {
            case .png: png(reader)
            case .jpeg: jpeg(reader)
            case .gif: gif(reader)
            case .webp: webp(reader)
            case nil: nil
            }
        guard let header, header.width > 0, header.height > 0 else { return nil }
        return header
    }
}

extension ImageHeader.Format {
    /// The most leading bytes any format's signature needs (WebP's "RIFF....WEBP").
    public static let signatureLength = 12

    /// The format whose signature `prefix` starts with; nil when it matches none, or when it is
    /// shorter than the signature it could be the start of. A fetch uses it to give up on a web
    /// page after its first bytes instead of downloading all of it.
    public init?(signatureOf prefix: Data) {
        guard let format = prefix.withUnsafeBytes({ Self(signatureOf: ByteReader(bytes: $0)) }) else { return nil }
        self = format
    }

    init?(signatureOf reader: ByteReader) {
        if reader.matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], at: 0) {
            self = .png
        } else if reader.matches([0xFF, 0xD8, 0xFF], at: 0) {
            self = .jpeg
        } else if reader.matches("GIF87a", at: 0) || reader.matches("GIF89a", at: 0) {
            self = .gif
        } else if reader.matches("RIFF", at: 0), reader.matches("WEBP", at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}
