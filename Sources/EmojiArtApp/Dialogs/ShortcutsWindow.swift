import CGtk
import EmojiArtCore

/// The Keyboard Shortcuts window (X2, Ctrl+?), built from GtkBuilder XML as GtkShortcutsWindow
/// expects.
@MainActor
enum ShortcutsWindow {
    /// Built when the window opens, so the titles are in the language of the moment.
    private static var sections: [(title: String, shortcuts: [(accelerator: String, title: String)])] { [
        (localized("Documents"), [
            ("<Control>n", localized("New window")), ("<Control>o", localized("Open")), ("<Control>s", localized("Save")),
            ("<Control><Shift>s", localized("Save as")), ("<Control>w", localized("Close window")), ("<Control>q", localized("Quit")),
        ]),
        (localized("Editing"), [
            ("<Control>z", localized("Undo")), ("<Control><Shift>z", localized("Redo")),
            ("<Control>x", localized("Cut")), ("<Control>c", localized("Copy")), ("<Control>v", localized("Paste")),
            ("<Control>d", localized("Duplicate")), ("Delete BackSpace", localized("Delete the selection")),
            ("<Control>a", localized("Select all")), ("Escape", localized("Clear the selection")), ("Tab", localized("Select the next emoji")),
            ("<Shift>Pointer", localized("Drag on empty canvas to select with a rectangle")),
            ("Menu <Shift>F10", localized("Context menu")),
        ]),
        (localized("Arranging"), [
            ("Left Right Up Down", localized("Nudge the selection by 1 point")), ("<Shift>Left <Shift>Right", localized("Nudge by 10 points")),
            ("Page_Up", localized("Bring forward")), ("Page_Down", localized("Send backward")),
            ("Home", localized("Bring to front")), ("End", localized("Send to back")),
            ("less greater", localized("Scale down and up")),
            ("bracketleft bracketright", localized("Rotate by 15°")), ("braceleft braceright", localized("Rotate by 1°")),
            ("h", localized("Flip horizontally")),
        ]),
        (localized("View"), [
            ("<Control>0", localized("Zoom to fit")), ("<Control>equal", localized("Zoom in")), ("<Control>minus", localized("Zoom out")),
            ("Left Right Up Down", localized("Pan, with nothing selected")),
        ]),
        (localized("General"), [("<Control>question", localized("Keyboard shortcuts")), ("F10", localized("Main menu"))]),
    ] }

    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(builder.raw) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window: UnsafeMutablePointer<GtkWidget> = cast(UnsafeMutableRawPointer(object))
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        gtk_window_present(cast(window))
    }

    private static var xml: String {
        let title = localized("Keyboard Shortcuts")  // outside the raw string, where xgettext finds it
        var groups = ""
        for section in sections {
            groups += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escape(section.title))</property>"#
            for shortcut in section.shortcuts {
                groups += #"<child><object class="GtkShortcutsShortcut"><property name="accelerator">\#(escape(shortcut.accelerator))</property><property name="title">\#(escape(shortcut.title))</property></object></child>"#
            }
            groups += "</object></child>"
        }
        return #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property><property name="title">\#(escape(title))</property><child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>\#(groups)</object></child></object></interface>"#
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
