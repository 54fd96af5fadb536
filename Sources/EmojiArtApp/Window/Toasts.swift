import CGtk

/// Makes AdwToasts whose text is shown as written.
@MainActor
enum Toasts {
    /// A toast; 0 seconds keeps it until dismissed. Toast titles are Pango markup in libadwaita
    /// 1.2, so a file name with "&" or "<" is escaped rather than breaking the toast.
    static func make(_ message: String, timeoutSeconds: UInt32) -> OpaquePointer {
        let escaped = g_markup_escape_text(message, -1)
        let toast = adw_toast_new(escaped)!
        g_free(escaped)
        adw_toast_set_timeout(toast, timeoutSeconds)
        return toast
    }
}
