import CGtk
import EmojiArtCore
import Foundation

/// What a drop offers, read when it lands. Holds a reference on the drop until `finish`, so the
/// source keeps serving it while the formats are read one after another.
@MainActor
final class DropContent: OfferedContent {
    private let drop: OpaquePointer
    let offer: ContentOffer

    init(_ drop: OpaquePointer) {
        self.drop = drop
        g_object_ref(drop.raw)
        offer = ContentOffer(gdk_drop_get_formats(drop))
    }

    func read(_ format: ContentFormat, _ done: @escaping @MainActor (Result<CanvasContent, ClipboardReadError>) -> Void) {
        switch format {
        case .emojis: readEmojis(done)
        case .files:
            readValue(emojiart_type_file_list()) { value in
                g_value_get_boxed(value).map { .classify(files: FileList.urls(in: OpaquePointer($0))) } ?? .unusable
            } done: {
                done($0)
            }
        case .text:
            readValue(emojiart_type_string()) { value in
                g_value_get_string(value).map { .classify(text: String(cString: $0)) } ?? .unusable
            } done: {
                done($0)
            }
        case .image:
            readValue(emojiart_type_texture()) { value in
                g_value_get_object(value).map { pngContent(of: OpaquePointer($0)) } ?? .unusable
            } done: {
                done($0)
            }
        }
    }

    /// Tells the source the drop is over, taken or not, and lets go of it.
    func finish(accepted: Bool) {
        gdk_drop_finish(drop, accepted ? GDK_ACTION_COPY : GdkDragAction(rawValue: 0))
        g_object_unref(drop.raw)
    }

    private func readValue(
        _ type: GType, _ content: @escaping @MainActor (UnsafePointer<GValue>) -> CanvasContent,
        done: @escaping @MainActor (Result<CanvasContent, ClipboardReadError>) -> Void
    ) {
        let (callback, data) = asyncReady { [drop] _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let value = gdk_drop_read_value_finish(drop, result, &error) else {
                return done(.failure(ClipboardReadError(error)))
            }
            done(.success(content(value)))
        }
        gdk_drop_read_value_async(drop, type, G_PRIORITY_DEFAULT, nil, callback, data)
    }

    private func readEmojis(_ done: @escaping @MainActor (Result<CanvasContent, ClipboardReadError>) -> Void) {
        let (callback, data) = asyncReady { [drop] _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let stream = gdk_drop_read_finish(drop, result, nil, &error) else {
                return done(.failure(ClipboardReadError(error)))
            }
            ChunkedRead(stream: stream, limit: ClipboardEmojis.maximumBytes) { done(clipboardEmojisContent($0)) }
                .readNextChunk()
        }
        var mimeTypes: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(ClipboardEmojis.mimeType)), nil]
        gdk_drop_read_async(drop, &mimeTypes, G_PRIORITY_DEFAULT, nil, callback, data)
        free(UnsafeMutablePointer(mutating: mimeTypes[0]))
    }
}
