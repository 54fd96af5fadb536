import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

extension CanvasView {
    /// Accepts file lists (local files, and URI lists, which GTK delivers as file lists even for
    /// https links), textures, text and our copied emojis, read in Core's order as a paste is
    /// (D4: URL, then image, then emoji; DESIGN joint 6). The async target lets the drop be read
    /// in more than one format before it is finished.
    func installDropTarget() {
        let builder = gdk_content_formats_builder_new()!
        for type in [emojiart_type_file_list(), emojiart_type_texture(), emojiart_type_string()] {
            gdk_content_formats_builder_add_gtype(builder, type)
        }
        gdk_content_formats_builder_add_mime_type(builder, ClipboardEmojis.mimeType)
        let formats = gdk_content_formats_union_deserialize_mime_types(gdk_content_formats_builder_free_to_formats(builder))
        let target = gtk_drop_target_async_new(formats, GDK_ACTION_COPY)!  // takes the formats
        connect(target, .dragEnter) { [unowned self] _, _ in
            isDropHovering = true
            apply(.redraw)
            return GDK_ACTION_COPY
        }
        connect(target, .dragMotion) { _, _ in GDK_ACTION_COPY }
        connect(target, .dragLeave) { [unowned self] _ in
            isDropHovering = false
            apply(.redraw)
        }
        connect(target, .drop) { [unowned self] drop, x, y in
            isDropHovering = false
            apply(.redraw)
            let content = DropContent(drop)
            content.readContent { [weak self] result in
                let accepted = (try? result.get()).map { $0 != .unusable } ?? false
                content.finish(accepted: accepted)
                guard let self, !isClosed else { return }
                switch result {
                case .success(let read): apply(interaction.accept(read, at: ViewPoint(x: x, y: y), from: .drop))
                case .failure(let error): onMessage?(error.description)
                }
            }
            return true
        }
        // On the overlay, which holds the canvas and the empty canvas's page: a drop on the
        // page's buttons lands on the canvas too. Its coordinates are the canvas's.
        gtk_widget_add_controller(container, opaque(target))
    }

    /// Reads, checks and decodes dropped or pasted image bytes off the main thread, then embeds
    /// them as the background (D3): the original PNG or JPEG, or a re-encoding within the size cap.
    /// Bytes it refuses (a cut-off file among them) leave the background as it was, with a message
    /// naming `source`, the file they came from, if any.
    func embedBackgroundImage(from source: URL?, _ read: @escaping @Sendable () throws -> Data) {
        Task { [weak self] in
            let result = await Task.detached { () -> Result<Data, any Error> in
                Result { try BackgroundImage.embeddableData(read()) }
            }.value
            guard let self, !isClosed else { return }
            switch result {
            case .success(let data): apply(interaction.setBackgroundByUser(.imageData(data)))
            case .failure(let error): onMessage?(BackgroundImage.embeddingFailureMessage(error, source: source))
            }
        }
    }
}

extension CanvasView {
    /// A palette click adds the emoji at the centre of the view (P1).
    func addEmojiAtCenter(_ emoji: String) {
        apply(interaction.addEmojiAtCenter(emoji))
    }

    /// A window action: the menus' verbs all come through here (U4).
    func perform(_ command: CanvasCommand) {
        apply(interaction.perform(command))
    }
}
