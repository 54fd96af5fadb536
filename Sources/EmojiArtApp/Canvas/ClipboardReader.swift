import CGtk
import EmojiArtCore
import Foundation

/// Why the clipboard could not be read: a sentence for the user.
struct ClipboardReadError: Error, CustomStringConvertible {
    var reason: String
    var description: String { localized("Couldn’t paste: {reason}.", ["reason": reason]) }

    /// Takes and frees a GError (nil: a reason of our own).
    init(_ error: UnsafeMutablePointer<GError>?, otherwise reason: String = localized("the clipboard is empty")) {
        if let error {
            self.reason = String(cString: error.pointee.message)
            g_error_free(error)
        } else {
            self.reason = reason
        }
    }
}

/// Reads the clipboard asynchronously, one format at a time; every callback runs once on the
/// main thread with the value or a reason.
@MainActor
enum ClipboardReader {
    /// More than this from another program's clipboard is refused (a document may hold 64 MB).
    static let maximumBytes = 64 << 20

    static func readText(from clipboard: OpaquePointer, _ done: @escaping @MainActor (Result<String, ClipboardReadError>) -> Void) {
        let (callback, data) = asyncReady { _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let text = gdk_clipboard_read_text_finish(clipboard, result, &error) else {
                return done(.failure(ClipboardReadError(error)))
            }
            defer { g_free(text) }
            done(.success(String(cString: text)))
        }
        gdk_clipboard_read_text_async(clipboard, nil, callback, data)
    }

    /// The texture, with a reference the caller must release.
    static func readTexture(from clipboard: OpaquePointer, _ done: @escaping @MainActor (Result<OpaquePointer, ClipboardReadError>) -> Void) {
        let (callback, data) = asyncReady { _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let texture = gdk_clipboard_read_texture_finish(clipboard, result, &error) else {
                return done(.failure(ClipboardReadError(error)))
            }
            done(.success(texture))
        }
        gdk_clipboard_read_texture_async(clipboard, nil, callback, data)
    }

    static func readFiles(from clipboard: OpaquePointer, _ done: @escaping @MainActor (Result<[URL], ClipboardReadError>) -> Void) {
        let (callback, data) = asyncReady { _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let value = gdk_clipboard_read_value_finish(clipboard, result, &error),
                  let list = g_value_get_boxed(value)
            else { return done(.failure(ClipboardReadError(error))) }
            done(.success(FileList.urls(in: OpaquePointer(list))))
        }
        gdk_clipboard_read_value_async(clipboard, emojiart_type_file_list(), 0, nil, callback, data)
    }

    /// Reads one MIME type's bytes whole: the stream is spliced into memory.
    static func readBytes(
        from clipboard: OpaquePointer, mimeType: String, _ done: @escaping @MainActor (Result<Data, ClipboardReadError>) -> Void
    ) {
        let (callback, data) = asyncReady { _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let stream = gdk_clipboard_read_finish(clipboard, result, nil, &error) else {
                return done(.failure(ClipboardReadError(error)))
            }
            let memory = g_memory_output_stream_new_resizable()!
            let (spliced, spliceData) = asyncReady { _, spliceResult in
                var spliceError: UnsafeMutablePointer<GError>?
                let count = g_output_stream_splice_finish(cast(memory), spliceResult, &spliceError)
                defer { g_object_unref(memory) }
                guard count >= 0 else { return done(.failure(ClipboardReadError(spliceError))) }
                guard count <= maximumBytes else {
                    return done(.failure(ClipboardReadError(nil, otherwise: localized("what was copied is too large"))))
                }
                let size = Int(g_memory_output_stream_get_data_size(cast(memory)))
                guard let bytes = g_memory_output_stream_get_data(cast(memory)) else { return done(.success(Data())) }
                done(.success(Data(bytes: bytes, count: size)))
            }
            let flags = GOutputStreamSpliceFlags(
                G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
            g_output_stream_splice_async(cast(memory), stream, flags, G_PRIORITY_DEFAULT, nil, spliced, spliceData)
            g_object_unref(stream)
        }
        var mimeTypes: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(mimeType)), nil]
        gdk_clipboard_read_async(clipboard, &mimeTypes, G_PRIORITY_DEFAULT, nil, callback, data)
        free(UnsafeMutablePointer(mutating: mimeTypes[0]))
    }
}

/// URLs in a GdkFileList.
enum FileList {
    static func urls(in list: OpaquePointer) -> [URL] {
        var urls: [URL] = []
        let files = gdk_file_list_get_files(list)  // transfer container: free the list, not the files
        var node = files
        while let current = node {
            if let file = current.pointee.data, let uri = g_file_get_uri(OpaquePointer(file)) {
                if let url = URL(string: String(cString: uri)) { urls.append(url) }
                g_free(uri)
            }
            node = current.pointee.next
        }
        g_slist_free(files)
        return urls
    }
}
