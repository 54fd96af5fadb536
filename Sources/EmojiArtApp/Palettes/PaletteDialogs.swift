import CGtk
import EmojiArtCore

/// The two questions the palette UI asks: may this palette be deleted (P2, P4), and what should
/// it be called (P4). AdwMessageDialog, answered through its `response` signal (libadwaita 1.2
/// has no `adw_message_dialog_choose`).
@MainActor
enum PaletteDialogs {
    /// Asks before deleting the palette with `id`, naming it, then deletes it. The last palette
    /// is never offered (P5); were it the last by now, the store's refusal goes to `onError`.
    static func confirmDeletion(
        ofPaletteWithID id: Int, store: PaletteStore, parent: UnsafeMutablePointer<GtkWidget>,
        onError: @escaping @MainActor (any Error) -> Void
    ) {
        guard let palette = store.palette(withID: id) else { return }
        let dialog = adw_message_dialog_new(
            cast(parent), localized("Delete “{name}”?", ["name": displayName(of: palette)]),
            localized("The palette and its emojis are removed from every window. This can’t be undone."))!
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "delete", localized("_Delete"))
        adw_message_dialog_set_response_appearance(cast(dialog), "delete", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(cast(dialog), "cancel")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        connect(dialog, .messageDialogResponse) { response in
            guard response == "delete" else { return }
            do {
                try store.removePalette(withID: id)
            } catch PaletteStoreError.noSuchPalette {
                // Deleted meanwhile, in another window or process: what was asked for is done.
            } catch {
                onError(error)
            }
        }
        gtk_window_present(cast(dialog))
    }

    /// The name as shown in titles and lists; the store keeps any name, an empty one too.
    static func displayName(of palette: Palette) -> String {
        palette.name.isEmpty ? localized("Untitled") : palette.name
    }
}
