import CGtk
import EmojiArtCore
import Foundation

/// Why the clipboard could not be read: a sentence for the user.
struct ClipboardReadError: Error, CustomStringConvertible {
    var description: String

    /// Takes and frees a GError (nil: a reason of our own).
    init(_ error: UnsafeMutablePointer<GError>?, otherwise reason: String = localized("the clipboard is empty")) {
        var reason = reason
        if let error {
            reason = String(cString: error.pointee.message)
            g_error_free(error)
        }
        description = localized("Couldn’t paste: {reason}.", ["reason": reason])
    }

    /// What was read, refused by Core with a sentence of its own.
    init(refusal: some Error & CustomStringConvertible) {
        description = refusal.description
    }
}

/// Reads the clipboard asynchronously, one format at a time; every callback runs once on the
/// main thread with the value or a reason.
@MainActor
enum ClipboardReader {
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
    static func readTexture(from clipboard: OpaquePointer, _ done: @escaping @MainActor (Result<OpaquePointer, ClipboardReadError>) -> Void)
    {
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

    /// Reads one MIME type's bytes in chunks, refused as soon as they pass `limit` (another
    /// program may offer gigabytes, or a stream that never ends); `BoundedBytes` decides.
    static func readBytes(
        from clipboard: OpaquePointer, mimeType: String, limit: Int,
        _ done: @escaping @MainActor (Result<Data, ClipboardReadError>) -> Void
    ) {
        let (callback, data) = asyncReady { _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let stream = gdk_clipboard_read_finish(clipboard, result, nil, &error) else {
                return done(.failure(ClipboardReadError(error)))
            }
            ChunkedRead(stream: stream, limit: limit, done: done).readNextChunk()
        }
        var mimeTypes: [UnsafePointer<CChar>?] = [UnsafePointer(strdup(mimeType)), nil]
        gdk_clipboard_read_async(clipboard, &mimeTypes, G_PRIORITY_DEFAULT, nil, callback, data)
        free(UnsafeMutablePointer(mutating: mimeTypes[0]))
    }
}

/// One stream read chunk by chunk. Each pending read's callback holds the only reference to it,
/// so the bytes gathered so far are appended in place, never copied per chunk; it owns the
/// stream's reference and releases it (closing the stream) once, when it reports.
@MainActor
final class ChunkedRead {
    /// GIO's own default buffer size for splicing.
    static let chunkBytes = 64 * 1024

    private let stream: UnsafeMutablePointer<GInputStream>
    private var bytes: BoundedBytes
    private let done: @MainActor (Result<Data, ClipboardReadError>) -> Void

    init(stream: UnsafeMutablePointer<GInputStream>, limit: Int, done: @escaping @MainActor (Result<Data, ClipboardReadError>) -> Void) {
        self.stream = stream
        bytes = BoundedBytes(limit: limit)
        self.done = done
    }

    func readNextChunk() {
        let (callback, data) = asyncReady { [self] _, result in
            var error: UnsafeMutablePointer<GError>?
            guard let chunk = g_input_stream_read_bytes_finish(stream, result, &error) else {
                return finish(.failure(ClipboardReadError(error)))
            }
            defer { g_bytes_unref(chunk) }
            var size: gsize = 0
            let start = g_bytes_get_data(chunk, &size)
            guard size > 0 else { return finish(.success(bytes.data)) }  // the end of the stream
            switch bytes.append(UnsafeRawBufferPointer(start: start, count: Int(size))) {
            case .readMore: readNextChunk()
            case .overLimit: finish(.failure(ClipboardReadError(nil, otherwise: localized("what was copied is too large"))))
            }
        }
        g_input_stream_read_bytes_async(stream, gsize(Self.chunkBytes), G_PRIORITY_DEFAULT, nil, callback, data)
    }

    private func finish(_ result: Result<Data, ClipboardReadError>) {
        g_object_unref(stream)  // closes it: the other program sees a broken pipe and stops
        done(result)
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
