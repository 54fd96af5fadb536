import CGtk
import EmojiArtCore
import Foundation

/// Content on offer from the clipboard (paste) or from a drop, read the one way Core's
/// `ContentOffer` orders (D4, D5, S6): the first format offered, then the next one Core asks for
/// until the content is one the canvas can take.
@MainActor
protocol OfferedContent {
    var offer: ContentOffer { get }
    /// Reads one format, once, calling `done` on the main thread.
    func read(_ format: ContentFormat, _ done: @escaping @MainActor (Result<CanvasContent, ClipboardReadError>) -> Void)
}

extension OfferedContent {
    /// Reads what is offered in Core's order; `.unusable` when nothing is.
    func readContent(_ done: @escaping @MainActor (Result<CanvasContent, ClipboardReadError>) -> Void) {
        guard let first = offer.firstFormat else { return done(.success(.unusable)) }
        read(from: first, done)
    }

    private func read(from format: ContentFormat, _ done: @escaping @MainActor (Result<CanvasContent, ClipboardReadError>) -> Void) {
        read(format) { result in
            if case .success(let content) = result, let next = offer.format(after: format, read: content) {
                return read(from: next, done)
            }
            done(result)
        }
    }
}

extension ContentOffer {
    /// What GDK formats hold, in Core's terms. Remote offers list MIME types only, so the GTypes
    /// they can be read as are added first.
    @MainActor
    init(_ formats: OpaquePointer) {
        let formats = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_ref(formats))!
        defer { gdk_content_formats_unref(formats) }
        self.init()
        if gdk_content_formats_contain_mime_type(formats, ClipboardEmojis.mimeType) != 0 { self.formats.insert(.emojis) }
        if gdk_content_formats_contain_gtype(formats, emojiart_type_file_list()) != 0 { self.formats.insert(.files) }
        if gdk_content_formats_contain_gtype(formats, emojiart_type_string()) != 0 { self.formats.insert(.text) }
        if gdk_content_formats_contain_gtype(formats, emojiart_type_texture()) != 0 { self.formats.insert(.image) }
    }
}

/// A texture's pixels, as PNG bytes, to embed (D3).
@MainActor
func pngContent(of texture: OpaquePointer) -> CanvasContent {
    guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return .unusable }
    defer { g_bytes_unref(bytes) }
    var size: gsize = 0
    guard let pointer = g_bytes_get_data(bytes, &size) else { return .unusable }
    return .imageBytes(Data(bytes: pointer, count: Int(size)))
}

/// Emojis copied from an EmojiArt window, decoded, or Core's refusal as the reason.
func clipboardEmojisContent(_ bytes: Result<Data, ClipboardReadError>) -> Result<CanvasContent, ClipboardReadError> {
    bytes.flatMap { data in
        Result { () throws(ClipboardEmojisError) in .emojis(try ClipboardEmojis(data: data)) }
            .mapError { ClipboardReadError(refusal: $0) }
    }
}
