import CGtk

/// Gives `widget` the tooltip `text` (none for nil), handed to GTK when it is about to show it,
/// and the accessible description `gtk_widget_set_tooltip_text` would give (SPEC A2). The app sets
/// every tooltip through here.
///
/// Why not `gtk_widget_set_tooltip_text`: in GTK 4.8 each call asks the display where the pointer
/// is (`gtk_tooltip_trigger_tooltip_query`, an XQueryPointer round trip on X11), even for a widget
/// in no window yet. The palette strip's 75 buttons made 75 round trips while the first window was
/// built, and Undo and Redo two more after every edit. Here the text is kept on the
/// widget and read by a `query-tooltip` handler connected once.
@MainActor
func setTooltip(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String?) {
    if g_object_get_data(cast(widget), connectedKey) == nil {
        g_object_set_data(cast(widget), connectedKey, widget.raw)
        gtk_widget_set_has_tooltip(widget, 1)
        connect(widget, .queryTooltip) { _, _, _, tooltip in showText(of: widget, in: tooltip) }
    }
    if let text, !text.isEmpty {
        g_object_set_data_full(cast(widget), textKey, g_strdup(text), g_free)
        emojiart_accessible_set_description(widget, text)
    } else {
        g_object_set_data(cast(widget), textKey, nil)  // frees the text it held
        gtk_accessible_reset_property(opaque(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION)
    }
}

private let textKey = "emojiart-tooltip"
private let connectedKey = "emojiart-tooltip-connected"

/// Shows the widget's text in its tooltip, or no tooltip when it has none.
@MainActor
private func showText(of widget: UnsafeMutablePointer<GtkWidget>, in tooltip: OpaquePointer) -> Bool {
    guard let text = g_object_get_data(cast(widget), textKey) else { return false }
    gtk_tooltip_set_text(tooltip, text.assumingMemoryBound(to: CChar.self))
    return true
}
