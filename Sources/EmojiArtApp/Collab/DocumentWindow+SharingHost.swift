import CGtk
import EmojiArtCore

/// What the window gives its part in a room (`WindowSharing`).
extension DocumentWindow: SharingHost {
    var sharedDocumentName: String? { session.documentName }

    /// A view link (C12): every editing verb is off, and so is the palette strip, which only adds.
    func editabilityDidChange() {
        gtk_widget_set_sensitive(paletteBar.widget, document.isReadOnly ? 0 : 1)
        updateCommandStates()
    }
}
