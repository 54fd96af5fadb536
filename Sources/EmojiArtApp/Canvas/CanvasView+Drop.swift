import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

extension CanvasView {
    /// Accepts file lists (local files, and URI lists, which GTK delivers as file lists even for
    /// https links), textures and text, in D4's order: URL, then image, then emoji (DESIGN joint 6).
    func installDropTarget() {
        let target = gtk_drop_target_new(0, GDK_ACTION_COPY)!
        var types: [GType] = [emojiart_type_file_list(), emojiart_type_texture(), emojiart_type_string()]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        onDropMotionSignal(target, "enter") { [unowned self] _, _ in
            isDropHovering = true
            redraw()
            return GDK_ACTION_COPY
        }
        onSignal(target, "leave") { [unowned self] in
            isDropHovering = false
            redraw()
        }
        onDropSignal(target) { [unowned self] value, x, y in
            isDropHovering = false
            redraw()
            guard let value else { return false }
            return drop(value, at: ViewPoint(x: x, y: y))
        }
        gtk_widget_add_controller(drawingArea, opaque(target))
    }

    private func drop(_ value: UnsafePointer<GValue>, at point: ViewPoint) -> Bool {
        if emojiart_value_holds(value, emojiart_type_file_list()) != 0 {
            guard let list = g_value_get_boxed(value) else { return false }
            return dropFiles(fileURIs(in: OpaquePointer(list)))
        }
        if emojiart_value_holds(value, emojiart_type_texture()) != 0 {
            guard let texture = g_value_get_object(value) else { return false }
            embedTexture(OpaquePointer(texture))
            return true
        }
        if emojiart_value_holds(value, emojiart_type_string()) != 0, let text = g_value_get_string(value) {
            return dropText(String(cString: text), at: point)
        }
        return false
    }

    /// A texture's pixels, as PNG bytes, become the embedded background (D3).
    func embedTexture(_ texture: OpaquePointer) {
        guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let pointer = g_bytes_get_data(bytes, &size) else { return }
        let data = Data(bytes: pointer, count: Int(size))
        embedBackgroundImage { data }
    }

    func fileURIs(in list: OpaquePointer) -> [URL] {
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

    /// A URI list: an http(s) link becomes a URL background; a local `.emojiart` file opens in its
    /// own window; a local image is read and embedded, so the document stays whole when moved (D2).
    func dropFiles(_ urls: [URL]) -> Bool {
        guard let url = urls.first else { return false }
        if url.isWebURL {
            setBackgroundByUser(.url(url.unwrappedImageURL))
            return true
        }
        guard url.isFileURL else { return false }
        if url.pathExtension.lowercased() == EmojiArtFormat.fileExtension {
            for file in urls where file.isFileURL && file.pathExtension.lowercased() == EmojiArtFormat.fileExtension {
                onOpenDocument?(file)
            }
            return true
        }
        embedBackgroundImage { try AtomicFile.read(url, maxBytes: FetchLimits.standard.maxBytes) }
        return true
    }

    /// Browsers offer a dragged link or image only as text (DESIGN joint 6): text that is an
    /// http(s) URL sets the background; otherwise its first character, if an emoji, is added (D1).
    private func dropText(_ text: String, at point: ViewPoint) -> Bool {
        if let url = text.webURL {
            setBackgroundByUser(.url(url.unwrappedImageURL))
            return true
        }
        if let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)), url.isFileURL {
            return dropFiles([url])
        }
        guard let emoji = text.leadingEmoji else {
            onMessage?("Only emojis, images and image links can be dropped here.")
            return false
        }
        let viewport = effectiveViewport
        let position = viewport.documentPoint(for: point, in: viewSize)
        return document.addEmoji(emoji, at: position, size: defaultEmojiSize / viewport.zoom) != nil
    }

    /// Reads, checks and decodes dropped or pasted image bytes off the main thread, then embeds
    /// them as the background (D3): the original PNG or JPEG, or a re-encoding within the size cap.
    func embedBackgroundImage(_ read: @escaping @Sendable () throws -> Data) {
        Task { [weak self] in
            let result = await Task.detached { () -> Result<Data, any Error> in
                Result {
                    let data = try read()
                    if let header = ImageHeader(data), header.width * header.height > FetchLimits.standard.maxPixels {
                        throw ImageFetchError.tooManyPixels(width: header.width, height: header.height)
                    }
                    return try DecodedImage(data: data).embeddableData(original: data)
                }
            }.value
            guard let self else { return }
            switch result {
            case .success(let data): setBackgroundByUser(.imageData(data))
            case .failure(let error): onMessage?("\(error)")
            }
        }
    }

    /// Adds an emoji at the centre of the view at the default size on screen (P1: palette click).
    func addEmojiAtCenter(_ emoji: String) {
        let viewport = effectiveViewport
        let position = viewport.documentPoint(for: viewSize.center, in: viewSize)
        document.addEmoji(emoji, at: position, size: defaultEmojiSize / viewport.zoom)
    }
}
