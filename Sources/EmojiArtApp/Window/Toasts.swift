import CGtk

/// Makes AdwToasts whose whole sentence can be read: libadwaita 1.2 cuts a long title off with
/// "…" ("check the addres…"), so the title is a label of our own that wraps onto more lines.
@MainActor
enum Toasts {
    /// A toast; 0 seconds keeps it until dismissed.
    static func make(_ message: String, timeoutSeconds: UInt32) -> OpaquePointer {
        // The title is Pango markup in libadwaita 1.2: escaped, so "&" or "<" in a file name
        // cannot break it. The custom title shows instead of it.
        let escaped = g_markup_escape_text(message, -1)
        let toast = adw_toast_new(escaped)!
        g_free(escaped)
        adw_toast_set_custom_title(toast, wrappingLabel(message))
        adw_toast_set_timeout(toast, timeoutSeconds)
        return toast
    }

    /// The message as plain text (never markup), on one line as wide as the window lets the
    /// toast be (up to 100 characters), wrapped at word or character boundaries beyond it.
    private static func wrappingLabel(_ message: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(message)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(cast(label), 100)
        // A wrapping label asks only for its longest word: a short message would break after
        // every word without a width of its own.
        gtk_label_set_width_chars(cast(label), Int32(min(message.count, 40)))
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_add_css_class(label, "heading")
        return label
    }
}
