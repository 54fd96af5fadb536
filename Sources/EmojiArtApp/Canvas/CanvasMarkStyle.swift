import CGtk
import EmojiArtCore

/// The colours of the canvas's own marks as the style has them (X10): its accent colour, and
/// with the system's high contrast its window foreground and background, read from libadwaita's
/// named colours. Core's `MarkColours.forStyle` decides what they become.
@MainActor
enum CanvasMarkStyle {
    static func colours(for widget: UnsafeMutablePointer<GtkWidget>) -> MarkColours {
        let highContrast = adw_style_manager_get_default().map { adw_style_manager_get_high_contrast($0) != 0 } ?? false
        let context = gtk_widget_get_style_context(widget)
        func named(_ name: String) -> RGBColour? {
            var rgba = GdkRGBA()
            guard let context, gtk_style_context_lookup_color(context, name, &rgba) != 0 else { return nil }
            return RGBColour(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue))
        }
        return MarkColours.forStyle(
            accent: named("accent_color"), highContrast: highContrast, foreground: named("window_fg_color"),
            background: named("window_bg_color"))
    }

    /// Calls `handler` whenever high contrast is turned on or off or the style turns dark or
    /// light, until `stopObserving` is given the returned tokens.
    static func observe(_ handler: @escaping @MainActor () -> Void) -> [UInt] {
        guard let manager = adw_style_manager_get_default() else { return [] }
        return [connect(manager, .notifyHighContrast) { _ in handler() }, connect(manager, .notifyDark) { _ in handler() }]
    }

    static func stopObserving(_ tokens: [UInt]) {
        guard let manager = adw_style_manager_get_default() else { return }
        for token in tokens where token != 0 { g_signal_handler_disconnect(UnsafeMutableRawPointer(manager), gulong(token)) }
    }
}
