import CGtk
import EmojiArtCore
import Foundation

/// What the clipboard offers, read for a paste.
@MainActor
struct ClipboardContent: OfferedContent {
    let clipboard: OpaquePointer

    var offer: ContentOffer { ContentOffer(gdk_clipboard_get_formats(clipboard)) }

    func read(_ format: ContentFormat, _ done: @escaping @MainActor (Result<CanvasContent, ClipboardReadError>) -> Void) {
        switch format {
        case .emojis:
            ClipboardReader.readBytes(from: clipboard, mimeType: ClipboardEmojis.mimeType, limit: ClipboardEmojis.maximumBytes) {
                done(clipboardEmojisContent($0))
            }
        case .files:
            ClipboardReader.readFiles(from: clipboard) { done($0.map(CanvasContent.classify(files:))) }
        case .text:
            ClipboardReader.readText(from: clipboard) { done($0.map(CanvasContent.classify(text:))) }
        case .image:
            ClipboardReader.readTexture(from: clipboard) { result in
                done(
                    result.map { texture in
                        defer { g_object_unref(texture.raw) }
                        return pngContent(of: texture)
                    })
            }
        }
    }
}
