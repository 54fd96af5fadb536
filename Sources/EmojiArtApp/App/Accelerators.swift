import CGtk

/// Every application and window accelerator in one list. Window actions with accelerators work
/// whatever widget of the window has the focus (U4): Ctrl+V still pastes after a palette click.
/// Keys that must stay with the focused canvas (arrows, Escape, Tab, Page Up/Down, Home/End,
/// `[` `]` `<` `>` `h`) are the canvas's own (`CanvasView+Input`).
@MainActor
enum Accelerators {
    static let all: [(action: String, keys: [String])] = [
        ("app.new", ["<Control>n"]),
        ("app.open", ["<Control>o"]),
        ("app.quit", ["<Control>q"]),
        ("app.shortcuts", ["<Control>question"]),
        ("win.undo", ["<Control>z"]),
        ("win.redo", ["<Control><Shift>z", "<Control>y"]),
        ("win.cut", ["<Control>x"]),
        ("win.copy", ["<Control>c"]),
        ("win.paste", ["<Control>v"]),
        ("win.duplicate", ["<Control>d"]),
        ("win.delete", ["Delete", "KP_Delete", "BackSpace"]),
        ("win.select-all", ["<Control>a"]),
        ("win.save", ["<Control>s"]),
        ("win.save-as", ["<Control><Shift>s"]),
        ("win.export", ["<Control><Shift>e"]),
        ("win.print", ["<Control>p"]),
        ("win.close", ["<Control>w"]),
        ("win.zoom-fit", ["<Control>0"]),
        ("win.zoom-in", ["<Control>equal", "<Control>plus", "<Control>KP_Add"]),
        ("win.zoom-out", ["<Control>minus", "<Control>KP_Subtract"]),
    ]

    static func install(on application: UnsafeMutablePointer<AdwApplication>) {
        for (action, keys) in all {
            var cKeys: [UnsafePointer<CChar>?] = keys.map { UnsafePointer(strdup($0)) }
            cKeys.append(nil)
            gtk_application_set_accels_for_action(cast(application), action, &cKeys)
            cKeys.forEach { free(UnsafeMutablePointer(mutating: $0)) }
        }
    }
}
