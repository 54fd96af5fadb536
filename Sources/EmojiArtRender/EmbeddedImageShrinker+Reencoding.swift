import EmojiArtCore
import Foundation

extension EmbeddedImageShrinker {
    /// Re-encodes with gdk-pixbuf as a dropped image is embedded (D3, M5): PNG when the image has
    /// transparency, JPEG at quality 90 when it has none, stepping the pixel size down until the
    /// bytes fit.
    public static let reencoding = EmbeddedImageShrinker { image, maxBytes in
        try DecodedImage(data: image).embeddableData(original: image, maxBytes: maxBytes)
    }
}
