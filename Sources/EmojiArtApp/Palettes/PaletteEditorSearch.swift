import CGtk
import EmojiArtCore

/// The palette editor's "Find by Name" group (F1, P3): a search entry and the emojis whose names
/// or keywords match (Core's `PaletteEditorFinder`), as a grid; a click on one, or Enter for the
/// best, adds it to the palette.
@MainActor
final class PaletteEditorSearch {
    let group: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let results: UnsafeMutablePointer<GtkWidget>
    private let onPick: @MainActor (String) -> Void
    private var shownEmojis: [String] = []
    private let finder = PaletteEditorFinder(language: Localization.language)

    init(onPick: @escaping @MainActor (String) -> Void) {
        self.onPick = onPick
        group = adw_preferences_group_new()
        entry = gtk_search_entry_new()
        results = gtk_flow_box_new()
        adw_preferences_group_set_title(cast(group), localized("Find by Name"))
        emojiart_search_entry_set_placeholder(entry, localized("Emoji name"))
        emojiart_accessible_set_label(entry, localized("Find by Name"))
        adw_preferences_group_add(cast(group), entry)
        gtk_flow_box_set_selection_mode(cast(results), GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(cast(results), 1)
        gtk_flow_box_set_min_children_per_line(cast(results), 4)
        gtk_flow_box_set_max_children_per_line(cast(results), 10)
        gtk_widget_set_margin_top(results, 6)
        emojiart_accessible_set_label(results, localized("Emojis found"))
        adw_preferences_group_add(cast(group), results)
        connect(entry, .changed) { [unowned self] in showResults() }
        connect(entry, .activate) { [unowned self] in
            if let emoji = finder.emojiForEnter(shown: shownEmojis) { onPick(emoji) }
        }
    }

    private func showResults() {
        let query = String(cString: gtk_editable_get_text(cast(entry)))
        let emojis = finder.results(for: query)
        guard emojis != shownEmojis else { return }
        shownEmojis = emojis
        // gtk_flow_box_remove_all is GTK 4.12; Debian 12 has 4.8.
        while let child = gtk_widget_get_first_child(results) {
            gtk_flow_box_remove(cast(results), child)
        }
        for emoji in emojis {
            gtk_flow_box_insert(cast(results), PaletteEmojiButton.make(emoji, onChoose: onPick), -1)
        }
    }
}
