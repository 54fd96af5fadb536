import CGtk
import EmojiArtCore
import Foundation

extension CanvasView {
    /// Ctrl+V (D5): copied files or an image set the background; text that is an image URL sets
    /// it too; an emoji is added at the centre of the view.
    func paste() {
        guard let clipboard = gtk_widget_get_clipboard(drawingArea) else { return }
        let formats = gdk_clipboard_get_formats(clipboard)
        if gdk_content_formats_contain_gtype(formats, emojiart_type_file_list()) != 0 {
            let (callback, data) = asyncReady { [weak self] _, result in
                var error: UnsafeMutablePointer<GError>?
                let value = gdk_clipboard_read_value_finish(clipboard, result, &error)
                if error != nil { g_error_free(error) }
                guard let self, let value, let list = g_value_get_boxed(value) else { return }
                _ = dropFiles(fileURIs(in: OpaquePointer(list)))
            }
            gdk_clipboard_read_value_async(clipboard, emojiart_type_file_list(), 0, nil, callback, data)
        } else if gdk_content_formats_contain_gtype(formats, emojiart_type_texture()) != 0 {
            let (callback, data) = asyncReady { [weak self] _, result in
                var error: UnsafeMutablePointer<GError>?
                let texture = gdk_clipboard_read_texture_finish(clipboard, result, &error)
                if error != nil { g_error_free(error) }
                guard let self, let texture else { return }
                defer { g_object_unref(texture.raw) }
                embedTexture(texture)
            }
            gdk_clipboard_read_texture_async(clipboard, nil, callback, data)
        } else {
            let (callback, data) = asyncReady { [weak self] _, result in
                var error: UnsafeMutablePointer<GError>?
                let text = gdk_clipboard_read_text_finish(clipboard, result, &error)
                if error != nil { g_error_free(error) }
                guard let self, let text else { return }
                defer { g_free(text) }
                pasteText(String(cString: text))
            }
            gdk_clipboard_read_text_async(clipboard, nil, callback, data)
        }
    }

    private func pasteText(_ text: String) {
        if let url = text.webURL {
            setBackgroundByUser(.url(url.unwrappedImageURL))
        } else if let emoji = text.leadingEmoji {
            addEmojiAtCenter(emoji)
        } else {
            onMessage?("Only emojis, images and image links can be pasted here.")
        }
    }
}
