import CGtk
import EmojiArtCore

/// The Keyboard Shortcuts window (X2, Ctrl+?), built from GtkBuilder XML as GtkShortcutsWindow
/// expects, listing Core's `KeyboardShortcutsList`: a GtkShortcutsSection per page, picked from
/// the window's title. Over a narrow window, the same list in rows (X8).
@MainActor
enum ShortcutsWindow {
    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        if let parent, AdaptiveLayout(windowWidth: Int(gtk_widget_get_width(parent))).isNarrow {
            // GtkShortcutsWindow lays its columns out at least 1,100 px wide here and cannot go
            // narrower: over a phone-sized window the same list opens as rows that scroll (X8).
            return presentList(parent: parent)
        }
        let builder = gtk_builder_new_from_string(xml, -1)!
        defer { g_object_unref(builder.raw) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window: UnsafeMutablePointer<GtkWidget> = cast(UnsafeMutableRawPointer(object))
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        gtk_window_present(cast(window))
    }

    /// The shortcuts as a list of groups, one a section, each row a title and its keys.
    private static func presentList(parent: UnsafeMutablePointer<GtkWidget>) {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(box, 12)
        }
        for section in KeyboardShortcutsList.sections {
            let group = adw_preferences_group_new()!
            adw_preferences_group_set_title(cast(group), section.title)
            for shortcut in section.shortcuts {
                let row = adw_action_row_new()!
                adw_preferences_row_set_title(cast(row), shortcut.title)
                if let subtitle = shortcut.subtitle { adw_action_row_set_subtitle(cast(row), subtitle) }
                adw_action_row_add_suffix(cast(row), keysLabel(shortcut.accelerator))
                adw_preferences_group_add(cast(group), row)
            }
            gtk_box_append(cast(box), group)
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), box)
        let frame = UtilityWindow(title: localized("Keyboard Shortcuts"), parent: parent, width: 420, height: 600, content: scroller)
        gtk_window_set_modal(cast(frame.window), 1)
        frame.present()
    }

    /// The keys of `accelerator` (GtkShortcutsShortcut's syntax: alternatives apart by spaces) as
    /// GTK names them, "Shift+Ctrl+Z / Ctrl+Y", in a label that wraps at a narrow width.
    private static func keysLabel(_ accelerator: String) -> UnsafeMutablePointer<GtkWidget> {
        let names = accelerator.split(separator: " ").map { part -> String in
            var key: guint = 0
            var modifiers = GdkModifierType(rawValue: 0)
            guard gtk_accelerator_parse(String(part), &key, &modifiers) != 0, let label = gtk_accelerator_get_label(key, modifiers)
            else { return String(part) }
            defer { g_free(label) }
            return String(cString: label)
        }
        let label = gtk_label_new(names.joined(separator: " / "))!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_max_width_chars(cast(label), 14)
        gtk_label_set_xalign(cast(label), 1)
        gtk_widget_add_css_class(label, "dim-label")
        return label
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
