import CGtk
import EmojiArtCore

/// The Keyboard Shortcuts window (X2, Ctrl+?), built from GtkBuilder XML as GtkShortcutsWindow
/// expects, listing Core's `KeyboardShortcutsList`.
@MainActor
enum ShortcutsWindow {
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
        // Built when the window opens, so the titles are in the language of the moment.
        for section in KeyboardShortcutsList.sections {
            groups += #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escape(section.title))</property>"#
            for shortcut in section.shortcuts {
                groups +=
                    #"<child><object class="GtkShortcutsShortcut"><property name="accelerator">\#(escape(shortcut.accelerator))</property><property name="title">\#(escape(shortcut.title))</property></object></child>"#
            }
            groups += "</object></child>"
        }
        return
            #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property><property name="title">\#(escape(title))</property><child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>\#(groups)</object></child></object></interface>"#
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
