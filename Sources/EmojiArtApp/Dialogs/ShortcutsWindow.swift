import CGtk
import EmojiArtCore

/// The Keyboard Shortcuts window (X2, Ctrl+?), built from GtkBuilder XML as GtkShortcutsWindow
/// expects, listing Core's `KeyboardShortcutsList`: a GtkShortcutsSection per page, picked from
/// the window's title.
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
        // Built when the window opens, so the titles are in the language of the moment.
        let pages = KeyboardShortcutsList.pages.enumerated().map { index, page in
            let groups = page.sections.map(group).joined()
            return
                #"<child><object class="GtkShortcutsSection"><property name="section-name">page\#(index)</property><property name="title">\#(escape(page.title))</property>\#(groups)</object></child>"#
        }
        return
            #"<interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property><property name="title">\#(escape(title))</property>\#(pages.joined())</object></interface>"#
    }

    private static func group(_ section: KeyboardShortcutsList.Section) -> String {
        let shortcuts = section.shortcuts.map { shortcut in
            let subtitle = shortcut.subtitle.map { #"<property name="subtitle">\#(escape($0))</property>"# } ?? ""
            return
                #"<child><object class="GtkShortcutsShortcut"><property name="accelerator">\#(escape(shortcut.accelerator))</property><property name="title">\#(escape(shortcut.title))</property>\#(subtitle)</object></child>"#
        }
        return
            #"<child><object class="GtkShortcutsGroup"><property name="title">\#(escape(section.title))</property>\#(shortcuts.joined())</object></child>"#
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
