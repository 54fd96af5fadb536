import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Copy, cut and paste (S6, D5) through the GDK clipboard, so other windows, other EmojiArt
/// processes and other apps take part.
extension CanvasView {
    /// A copy offers three formats at once: our emoji JSON (layout kept), plain text (the emojis'
    /// texts) and a PNG of them on a transparent background. The first two are there at once; the
    /// picture is made off the main thread and added when ready, if the copy is still the
    /// clipboard's.
    func putOnClipboard(_ copied: ClipboardEmojis) {
        guard let clipboard = gtk_widget_get_clipboard(drawingArea) else { return }
        let offered = Self.setContent(of: clipboard, to: copied, picture: nil)
        Task { [weak self] in
            let picture = await Task.detached { try? ClipboardPicture.png(of: copied) }.value
            guard let picture, self?.isClosed == false, gdk_clipboard_get_content(clipboard) == offered else { return }
            Self.setContent(of: clipboard, to: copied, picture: picture)
        }
    }

    /// Offers the emojis, their text and the picture if any; returns the provider set.
    @discardableResult
    private static func setContent(of clipboard: OpaquePointer, to copied: ClipboardEmojis, picture: Data?) -> UnsafeMutablePointer<
        GdkContentProvider
    >? {
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = []
        providers.append(bytesProvider(copied.data, mimeType: ClipboardEmojis.mimeType))
        if let picture { providers.append(bytesProvider(picture, mimeType: "image/png")) }
        var text = GValue()
        g_value_init(&text, emojiart_type_string())
        g_value_set_string(&text, copied.plainText)
        providers.append(gdk_content_provider_new_for_value(&text))
        g_value_unset(&text)
        let union = providers.withUnsafeMutableBufferPointer { buffer in
            gdk_content_provider_new_union(buffer.baseAddress, gsize(buffer.count))  // takes the providers
        }
        gdk_clipboard_set_content(clipboard, union)
        g_object_unref(union?.raw)
        return gdk_clipboard_get_content(clipboard)
    }

    private static func bytesProvider(_ data: Data, mimeType: String) -> UnsafeMutablePointer<GdkContentProvider>? {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_content_provider_new_for_bytes(mimeType, bytes)
    }

    /// Ctrl+V: the clipboard read in Core's order (D4, D5, S6), the same as a drop.
    func paste() {
        guard let clipboard = gtk_widget_get_clipboard(drawingArea) else { return }
        ClipboardContent(clipboard: clipboard).readContent { [weak self] in self?.accept(pasted: $0) }
    }

    /// A clipboard that could not be read says so (another program may own it and have quit).
    private func accept(pasted content: Result<CanvasContent, ClipboardReadError>) {
        guard !isClosed else { return }  // the window closed while the clipboard was read
        switch content {
        case .success(let content): apply(interaction.accept(content, at: nil, from: .paste))
        case .failure(let error): onMessage?(error.description)
        }
    }
}
