import CGtk
import EmojiArtCore
import Foundation

/// The "Set Background from URL…" dialog (B7): an entry for the address; anything but an
/// http(s) address is refused inline with its reason, and Set stays insensitive until the
/// entry holds an acceptable address.
@MainActor
enum BackgroundURLDialog {
    static func present(parent: UnsafeMutablePointer<GtkWidget>, completion: @escaping @MainActor (URL) -> Void) {
        let dialog = adw_message_dialog_new(
            cast(parent), localized("Set Background from URL"), localized("Enter the address of an image on the web."))!
        gtk_window_set_title(cast(dialog), localized("Set Background from URL"))  // what the window list shows
        emojiart_message_dialog_add_response(cast(dialog), "cancel", localized("_Cancel"))
        emojiart_message_dialog_add_response(cast(dialog), "set", localized("_Set Background"))
        adw_message_dialog_set_response_appearance(cast(dialog), "set", ADW_RESPONSE_SUGGESTED)
        adw_message_dialog_set_default_response(cast(dialog), "set")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        adw_message_dialog_set_response_enabled(cast(dialog), "set", 0)

        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let entry = gtk_entry_new()!
        gtk_entry_set_placeholder_text(cast(entry), "https://")
        gtk_entry_set_activates_default(cast(entry), 1)
        gtk_entry_set_input_purpose(cast(entry), GTK_INPUT_PURPOSE_URL)
        emojiart_accessible_set_label(entry, localized("Image address"))
        let problem = gtk_label_new(nil)!
        gtk_label_set_wrap(cast(problem), 1)
        gtk_label_set_xalign(cast(problem), 0)
        gtk_widget_add_css_class(problem, "error")
        gtk_widget_add_css_class(problem, "caption")
        gtk_box_append(cast(box), entry)
        gtk_box_append(cast(box), problem)
        adw_message_dialog_set_extra_child(cast(dialog), box)

        connect(entry, .changed) { [entry, problem, dialog] in
            let text = String(cString: gtk_editable_get_text(cast(entry)))
            switch BackgroundURLInput.validate(text) {
            case .success:
                gtk_label_set_text(cast(problem), "")
                adw_message_dialog_set_response_enabled(cast(dialog), "set", 1)
            case .failure(let refusal):
                gtk_label_set_text(cast(problem), refusal == .empty ? "" : refusal.description)
                adw_message_dialog_set_response_enabled(cast(dialog), "set", 0)
            }
        }
        connect(dialog, .messageDialogResponse) { [entry] response in
            guard response == "set" else { return }
            let text = String(cString: gtk_editable_get_text(cast(entry)))
            if case .success(let url) = BackgroundURLInput.validate(text) { completion(url) }
        }
        gtk_window_present(cast(dialog))
        gtk_widget_grab_focus(entry)
    }
}
