import EmojiArtCore
import EmojiArtRender
import Foundation

/// Turns a document's background into something to draw. Embedded images and local files decode
/// here; remote URLs are fetched by the background-loading work (issue #4) and show nothing yet.
enum BackgroundImageLoader {
    /// The most a local background file may hold (SPEC B6's download limit).
    static let maximumFileBytes = 50 * 1024 * 1024

    static func image(for background: Background) throws -> BackgroundImage? {
        switch background {
        case .blank:
            return nil
        case .imageData(let data):
            return try DecodedImage(data: data).makeBackgroundImage()
        case .url(let url):
            guard url.isFileURL else { return nil }
            // A file:// background is read only if it is a regular file after resolving links,
            // within the download limit (D2), so /dev/zero or a FIFO is refused.
            let data = try AtomicFile.read(url, maxBytes: maximumFileBytes)
            return try DecodedImage(data: data).makeBackgroundImage()
        }
    }
}
