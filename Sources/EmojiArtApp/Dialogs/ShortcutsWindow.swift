import CGtk

/// The Keyboard Shortcuts window (X2, Ctrl+?), built from GtkBuilder XML as GtkShortcutsWindow
/// expects.
@MainActor
enum ShortcutsWindow {
    private static let sections: [(title: String, shortcuts: [(accelerator: String, title: String)])] = [
        ("Documents", [
            ("<Control>n", "New window"), ("<Control>o", "Open"), ("<Control>s", "Save"),
            ("<Control><Shift>s", "Save as"), ("<Control>w", "Close window"), ("<Control>q", "Quit"),
        ]),
        ("Editing", [
            ("<Control>z", "Undo"), ("<Control><Shift>z", "Redo"), ("Delete BackSpace", "Delete the selection"),
            ("<Control>a", "Select all"), ("Escape", "Clear the selection"), ("Tab", "Select the next emoji"),
            ("Left Right Up Down", "Nudge the selection by 1 point"), ("<Shift>Left <Shift>Right", "Nudge by 10 points"),
        ]),
        ("View", [
            ("<Control>0", "Zoom to fit"), ("<Control>equal", "Zoom in"), ("<Control>minus", "Zoom out"),
            ("Left Right Up Down", "Pan, with nothing selected"),
        ]),
        ("General", [("<Control>question", "Keyboard shortcuts"), ("F10", "Main menu")]),
    ]

    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(builder.raw) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window: UnsafeMutablePointer<GtkWidget> = cast(UnsafeMutableRawPointer(object))
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        gtk_window_present(cast(window))
    }

    private static var xml: String {
        var groups = ""
        for section in sections {
            groups += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escape(section.title))</property>"#
            for shortcut in section.shortcuts {
                groups += #"<child><object class="GtkShortcutsShortcut"><property name="accelerator">\#(escape(shortcut.accelerator))</property><property name="title">\#(escape(shortcut.title))</property></object></child>"#
            }
            groups += "</object></child>"
        }
        return #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property><child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>\#(groups)</object></child></object></interface>"#
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
