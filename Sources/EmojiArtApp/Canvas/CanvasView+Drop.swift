import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

extension CanvasView {
    /// Accepts file lists (local files, and URI lists, which GTK delivers as file lists even for
    /// https links), textures and text, in D4's order: URL, then image, then emoji (DESIGN joint 6).
    /// What each means is Core's `CanvasContent`, shared with paste.
    func installDropTarget() {
        let target = gtk_drop_target_new(0, GDK_ACTION_COPY)!
        var types: [GType] = [emojiart_type_file_list(), emojiart_type_texture(), emojiart_type_string()]
        gtk_drop_target_set_gtypes(target, &types, gsize(types.count))
        onDropMotionSignal(target, "enter") { [unowned self] _, _ in
            isDropHovering = true
            apply(.redraw)
            return GDK_ACTION_COPY
        }
        onSignal(target, "leave") { [unowned self] in
            isDropHovering = false
            apply(.redraw)
        }
        onDropSignal(target) { [unowned self] value, x, y in
            isDropHovering = false
            apply(.redraw)
            guard let value else { return false }
            let content = content(of: value)
            apply { $0.accept(content, at: ViewPoint(x: x, y: y), from: .drop) }
            return content != .unusable
        }
        gtk_widget_add_controller(drawingArea, opaque(target))
    }

    private func content(of value: UnsafePointer<GValue>) -> CanvasContent {
        if emojiart_value_holds(value, emojiart_type_file_list()) != 0, let list = g_value_get_boxed(value) {
            return .classify(files: FileList.urls(in: OpaquePointer(list)))
        }
        if emojiart_value_holds(value, emojiart_type_texture()) != 0, let texture = g_value_get_object(value) {
            return pngContent(of: OpaquePointer(texture))
        }
        if emojiart_value_holds(value, emojiart_type_string()) != 0, let text = g_value_get_string(value) {
            return .classify(text: String(cString: text))
        }
        return .unusable
    }

    /// A texture's pixels, as PNG bytes, to embed (D3).
    func pngContent(of texture: OpaquePointer) -> CanvasContent {
        guard let bytes = gdk_texture_save_to_png_bytes(texture) else { return .unusable }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let pointer = g_bytes_get_data(bytes, &size) else { return .unusable }
        return .imageBytes(Data(bytes: pointer, count: Int(size)))
    }

    /// Reads, checks and decodes dropped or pasted image bytes off the main thread, then embeds
    /// them as the background (D3): the original PNG or JPEG, or a re-encoding within the size cap.
    func embedBackgroundImage(_ read: @escaping @Sendable () throws -> Data) {
        Task { [weak self] in
            let result = await Task.detached { () -> Result<Data, any Error> in
                Result { try BackgroundImage.embeddableData(read()) }
            }.value
            guard let self, !isClosed else { return }
            switch result {
            case .success(let data): setBackgroundByUser(.imageData(data))
            case .failure(let error): onMessage?("\(error)")
            }
        }
    }

    /// Sets a background the user chose (B5, B7).
    func setBackgroundByUser(_ background: Background, named name: String = ActionName.setBackground) {
        interact { $0.setBackgroundByUser(background, named: name) }
    }

    /// A palette click adds the emoji at the centre of the view (P1).
    func addEmojiAtCenter(_ emoji: String) {
        apply { $0.addEmojiAtCenter(emoji) }
    }
}
