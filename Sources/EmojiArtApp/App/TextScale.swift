import CGtk
import EmojiArtCore

/// The desktop's text-scaling factor (A1, the original's ScaledMetric): GTK's `gtk-xft-dpi`
/// setting, in 1024ths of a dot per inch, over the 96 dpi of normal text size.
@MainActor
enum TextScale {
    static var factor: Double {
        guard let settings = gtk_settings_get_default() else { return 1 }
        var value = GValue()
        g_value_init(&value, emojiart_type_int())
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-xft-dpi", &value)
        let dpi = Double(g_value_get_int(&value)) / 1024
        return dpi > 0 ? dpi / 96 : 1
    }

    /// The default emoji size for the current text size: 40 at 1.0, 50 at 1.25.
    static var defaultEmojiSize: Double {
        Emoji.defaultSize * factor
    }

    /// Calls `handler` whenever the user changes the text size, until `stopObserving` is given
    /// the returned token (the settings object outlives every window).
    static func observe(_ handler: @escaping @MainActor () -> Void) -> UInt {
        guard let settings = gtk_settings_get_default() else { return 0 }
        return connect(settings, .notifyGtkXftDpi) { _ in handler() }
    }

    static func stopObserving(_ token: UInt) {
        guard token != 0, let settings = gtk_settings_get_default() else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(settings), gulong(token))
    }
}
