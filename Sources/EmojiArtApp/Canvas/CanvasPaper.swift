import CGtk

/// The paper under the picture on screen: white, as in the original, and in dark style a dark
/// grey, so a dark desktop is not lit by a white sheet. Only the window's: exports and prints
/// are always drawn on white (Render's `DocumentExporter`), whatever the style.
@MainActor
enum CanvasPaper {
    struct Colour: Equatable {
        var red: Double
        var green: Double
        var blue: Double
    }

    static let light = Colour(red: 1, green: 1, blue: 1)
    /// libadwaita's dark view colour (#1e1e1e), as its text views and lists use: a step darker
    /// than the window around it, so the palette bar still reads as its own strip.
    static let dark = Colour(red: 0x1E / 255, green: 0x1E / 255, blue: 0x1E / 255)

    static var current: Colour {
        guard let manager = adw_style_manager_get_default() else { return light }
        return adw_style_manager_get_dark(manager) != 0 ? dark : light
    }

    static func paint(into cr: OpaquePointer) {
        let colour = current
        cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
        cairo_paint(cr)
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
