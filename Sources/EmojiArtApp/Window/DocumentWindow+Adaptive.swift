import CGtk
import EmojiArtCore

/// The window follows its width as Core's `AdaptiveLayout` says (X8): phone-sized, the header
/// bar keeps what fits and leaves the rest to the primary menu.
extension DocumentWindow {
    func applyAdaptiveLayout() {
        var (width, height): (Int32, Int32) = (0, 0)
        gtk_window_get_default_size(cast(window), &width, &height)  // GTK 4.8 writes both, always
        let layout = AdaptiveLayout(windowWidth: Int(width > 0 ? width : gtk_widget_get_width(window)))
        gtk_widget_set_visible(redoButton, layout.showsRedoButton ? 1 : 0)
        sharing.status.showInFull(layout.showsSharingStatusInFull)
    }
}
