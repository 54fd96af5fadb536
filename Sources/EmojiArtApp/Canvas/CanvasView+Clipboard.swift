import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Copy, cut and paste (S6, D5) through the GDK clipboard, so other windows, other EmojiArt
/// processes and other apps take part.
extension CanvasView {
    /// A copy offers three formats at once: our emoji JSON (layout kept), plain text (the emojis'
    /// texts) and a PNG of the selection at 2× on a transparent background.
    func copySelection() {
        guard let copied = interaction.copySelection() else { return }
        putOnClipboard(copied)
    }

    func cutSelection() {
        guard let (copied, effects) = interact({ $0.cutSelection() }) else { return }
        putOnClipboard(copied)
        apply(effects)
    }

    private func putOnClipboard(_ copied: ClipboardEmojis) {
        guard let clipboard = gtk_widget_get_clipboard(drawingArea) else { return }
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = []
        providers.append(Self.bytesProvider(copied.data, mimeType: ClipboardEmojis.mimeType))
        let picture = EmojiArtModel(background: .blank, emojis: interaction.selectedEmojis)
        let options = ExportOptions(format: .png, size: .scale(2), area: .content, isTransparent: true)
        if let png = try? DocumentExporter().export(picture, background: nil, options: options) {
            providers.append(Self.bytesProvider(png, mimeType: "image/png"))
        }
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
    }

    private static func bytesProvider(_ data: Data, mimeType: String) -> UnsafeMutablePointer<GdkContentProvider>? {
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_content_provider_new_for_bytes(mimeType, bytes)
    }

    /// Ctrl+V: emojis copied from EmojiArt first, then files, then text that is a link or file
    /// (D4: a URL beats image data), then an image, then text with an emoji (D5).
    func paste() {
        guard let clipboard = gtk_widget_get_clipboard(drawingArea) else { return }
        let formats = gdk_clipboard_get_formats(clipboard)
        if gdk_content_formats_contain_mime_type(formats, ClipboardEmojis.mimeType) != 0 {
            ClipboardReader.readBytes(
                from: clipboard, mimeType: ClipboardEmojis.mimeType, limit: ClipboardEmojis.maximumBytes
            ) { [weak self] result in
                self?.accept(pasted: result.flatMap { data in
                    Result { () throws(ClipboardEmojisError) in .emojis(try ClipboardEmojis(data: data)) }
                        .mapError { ClipboardReadError(refusal: $0) }
                })
            }
        } else if gdk_content_formats_contain_gtype(formats, emojiart_type_file_list()) != 0 {
            ClipboardReader.readFiles(from: clipboard) { [weak self] result in
                self?.accept(pasted: result.map(CanvasContent.classify(files:)))
            }
        } else if gdk_content_formats_contain_gtype(formats, emojiart_type_string()) != 0 {
            let hasImage = gdk_content_formats_contain_gtype(formats, emojiart_type_texture()) != 0
            ClipboardReader.readText(from: clipboard) { [weak self] result in
                guard let self else { return }
                let content = result.map(CanvasContent.classify(text:))
                // D4: a link or a file beats an image; an image beats an emoji in the text.
                if hasImage, case .success(let classified) = content, classified == .unusable || classified.isEmoji {
                    pasteTexture(from: clipboard)
                } else {
                    accept(pasted: content)
                }
            }
        } else if gdk_content_formats_contain_gtype(formats, emojiart_type_texture()) != 0 {
            pasteTexture(from: clipboard)
        } else {
            accept(pasted: .success(.unusable))
        }
    }

    private func pasteTexture(from clipboard: OpaquePointer) {
        ClipboardReader.readTexture(from: clipboard) { [weak self] result in
            guard let self else {
                if case .success(let texture) = result { g_object_unref(texture.raw) }
                return
            }
            accept(pasted: result.map { texture in
                defer { g_object_unref(texture.raw) }
                return pngContent(of: texture)
            })
        }
    }

    /// A clipboard that could not be read says so (another program may own it and have quit).
    private func accept(pasted content: Result<CanvasContent, ClipboardReadError>) {
        guard !isClosed else { return }  // the window closed while the clipboard was read
        switch content {
        case .success(let content): apply { $0.accept(content, at: nil, from: .paste) }
        case .failure(let error): onMessage?(error.description)
        }
    }
}
