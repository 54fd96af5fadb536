import CGtk
import EmojiArtRender

/// Which paper the window's canvas shows (Render's `CanvasPaper`): the dark one in dark style,
/// as libadwaita's style manager says, and a redraw whenever the style changes.
@MainActor
enum CanvasPaperStyle {
    static var current: CanvasPaper {
        guard let manager = adw_style_manager_get_default() else { return .light }
        return adw_style_manager_get_dark(manager) != 0 ? .dark : .light
    }

    /// Calls `handler` whenever the style turns dark or light, until `stopObserving` is given the
    /// returned token (the style manager outlives every window).
    static func observe(_ handler: @escaping @MainActor () -> Void) -> UInt {
        guard let manager = adw_style_manager_get_default() else { return 0 }
        return connect(manager, .notifyDark) { _ in handler() }
    }

    static func stopObserving(_ token: UInt) {
        guard token != 0, let manager = adw_style_manager_get_default() else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(manager), gulong(token))
    }
}
