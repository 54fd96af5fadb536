import CGtk
import EmojiArtCore

/// Installs every application and window accelerator, from Core's `KeyboardAccess` list. Window
/// actions with accelerators work whatever widget of the window has the focus (U4): Ctrl+V still
/// pastes after a palette click.
/// Keys that must stay with the focused canvas (arrows, Escape, Tab, Page Up/Down, Home/End,
/// `[` `]` `<` `>` `h`) are the canvas's own (`CanvasView+Input`).
@MainActor
enum Accelerators {
    static func install(on application: UnsafeMutablePointer<AdwApplication>) {
        for (action, keys) in KeyboardAccess.accelerators {
            var cKeys: [UnsafePointer<CChar>?] = keys.map { UnsafePointer(strdup($0)) }
            cKeys.append(nil)
            gtk_application_set_accels_for_action(cast(application), action, &cKeys)
            cKeys.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        }
    }
}
