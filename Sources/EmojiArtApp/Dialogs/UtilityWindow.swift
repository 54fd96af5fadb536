import CGtk
import EmojiArtCore

/// The frame of the palette editor (P3), the palette manager (P4) and Browse Versions… (H2): a
/// small AdwWindow transient for the window that opened it and destroyed with it, with a header
/// bar and a toast overlay for errors.
/// Escape and Ctrl+W close it, so it is left without a window manager too (A2).
///
/// These windows are not added to the GtkApplication: they are not documents, so they never
/// become the "active window" that Open or an error dialog is parented to.
@MainActor
final class UtilityWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let header: UnsafeMutablePointer<GtkWidget>
    private let toastOverlay: UnsafeMutablePointer<GtkWidget>

    init(
        title: String, parent: UnsafeMutablePointer<GtkWidget>?, width: Int32, height: Int32,
        content: UnsafeMutablePointer<GtkWidget>
    ) {
        window = adw_window_new()
        gtk_window_set_title(cast(window), title)
        // Never bigger than the window that opens it: a phone-sized one too (X8).
        let parentSize = parent.map { (width: Int(gtk_widget_get_width($0)), height: Int(gtk_widget_get_height($0))) }
        let size = AdaptiveLayout.dialogSize(preferred: (Int(width), Int(height)), window: parentSize)
        gtk_window_set_default_size(cast(window), Int32(size.width), Int32(size.height))
        if let parent {
            gtk_window_set_transient_for(cast(window), cast(parent))
            gtk_window_set_destroy_with_parent(cast(window), 1)
        }
        header = adw_header_bar_new()
        toastOverlay = adw_toast_overlay_new()
        adw_toast_overlay_set_child(cast(toastOverlay), content)
        gtk_widget_set_vexpand(toastOverlay, 1)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(box), header)
        gtk_box_append(cast(box), toastOverlay)
        adw_window_set_content(cast(window), box)
        addCloseShortcuts()
    }

    func setTitle(_ title: String) {
        gtk_window_set_title(cast(window), title)
    }

    func present() {
        gtk_window_present(cast(window))
    }

    func close() {
        gtk_window_destroy(cast(window))
    }

    /// Shows why a palette change failed (e.g. `PaletteStoreError.saveFailed`) until dismissed.
    func showError(_ error: any Error) {
        adw_toast_overlay_add_toast(cast(toastOverlay), Toasts.make("\(error)", timeoutSeconds: 0))
    }

    /// A short-lived message with Undo, which runs `undo` (a removal in the editor, P3).
    func showUndo(_ message: String, undo: @escaping @MainActor () -> Void) {
        let toast = Toasts.make(message, timeoutSeconds: 5)
        adw_toast_set_button_label(toast, localized("_Undo"))
        connect(toast, .buttonClicked) { undo() }
        adw_toast_overlay_add_toast(cast(toastOverlay), toast)
    }

    /// GtkWindow's own `window.close` action, bound to Escape and Ctrl+W.
    private func addCloseShortcuts() {
        let controller = gtk_shortcut_controller_new()!
        for trigger in ["Escape", "<Control>w"] {
            let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new("window.close"))
            gtk_shortcut_controller_add_shortcut(cast(controller), shortcut)  // takes the shortcut
        }
        gtk_widget_add_controller(window, cast(controller))  // takes the controller (DESIGN joint 4)
    }
}
