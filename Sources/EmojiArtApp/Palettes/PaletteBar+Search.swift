import CGtk
import EmojiArtCore
import Foundation

/// The strip's search (F1): Ctrl+F or the search button opens an entry in place of the palette
/// chooser, and the strip shows the emojis whose names or keywords match what is typed, in the
/// language of the menus and in English. Results are emoji buttons like the palette's; Enter adds
/// the first; Escape brings the palette back. With the entry empty the strip shows the emojis most
/// recently added to documents.
extension PaletteBar {
    func buildSearch() {
        gtk_button_set_icon_name(cast(searchButton), "system-search-symbolic")
        gtk_widget_set_valign(searchButton, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(searchButton, "flat")
        setTooltip(searchButton, localized("Find an Emoji by Name"))
        emojiart_accessible_set_label(searchButton, localized("Find an Emoji by Name"))
        connect(searchButton, .toggled) { [unowned self] in
            let isOn = gtk_toggle_button_get_active(cast(searchButton)) != 0
            if isOn != strip.isSearching { isOn ? startSearch() : endSearch() }
        }

        gtk_widget_set_valign(searchEntry, GTK_ALIGN_CENTER)
        gtk_widget_set_size_request(searchEntry, 220, -1)
        emojiart_search_entry_set_placeholder(searchEntry, localized("Emoji name"))
        emojiart_accessible_set_label(searchEntry, localized("Find an Emoji by Name"))
        gtk_widget_set_visible(searchEntry, 0)
        connect(searchEntry, .changed) { [unowned self] in
            apply(strip.searchChanged(to: String(cString: gtk_editable_get_text(cast(searchEntry)))))
        }
        connect(searchEntry, .activate) { [unowned self] in
            if let first = firstEmoji { onChoose(first) }
        }
        connect(searchEntry, .stopSearch) { [unowned self] in endSearch() }
        let focus = gtk_event_controller_focus_new()!
        connect(focus, .focusEnter) { [unowned self] in onSearchFocusChange?(true) }
        connect(focus, .leave) { [unowned self] in onSearchFocusChange?(false) }
        gtk_widget_add_controller(searchEntry, focus)

        gtk_widget_add_css_class(searchStatus, "dim-label")
        gtk_widget_set_visible(searchStatus, 0)
    }

    /// Opens the search, or gives the open search the keys again with its text selected (Ctrl+F).
    func startSearch() {
        apply(strip.startSearch())
    }

    /// Closes the search: the palette's emojis come back and the keys go back to the canvas.
    func endSearch() {
        apply(strip.endSearch())
    }

    /// The entry takes the chooser's place, or gives it back emptied.
    func showSearch(_ isSearching: Bool) {
        if isSearching {
            gtk_toggle_button_set_active(cast(searchButton), 1)
            gtk_widget_set_visible(chooser, 0)
            gtk_widget_set_visible(searchEntry, 1)
            // The first keystroke must not wait for the index and the language's table (tens
            // of milliseconds).
            SpokenEmojiNames.loadSoon()
            let language = Localization.language
            DispatchQueue.global(qos: .userInitiated).async { EmojiSearch.shared.prepare(language: language) }
        } else {
            gtk_editable_set_text(cast(searchEntry), "")
            gtk_widget_set_visible(searchEntry, 0)
            gtk_widget_set_visible(searchStatus, 0)
            gtk_widget_set_visible(chooser, 1)
            gtk_toggle_button_set_active(cast(searchButton), 0)
        }
    }

    /// Shows what the strip's rules say it shows; while searching, says when nothing matched.
    /// `refilling` rebuilds the buttons even when the emojis are the same.
    func showEmojis(refilling: Bool = false) {
        let emojis = strip.shownEmojis(
            palettes: store.palettes, recents: recents.emojis, search: .shared, language: Localization.language)
        if strip.isSearching {
            let nothingFound = strip.saysNothingFound(shownEmojis: emojis)
            let query = strip.searchQuery ?? ""
            gtk_label_set_text(cast(searchStatus), nothingFound ? localized("No emoji is called “{name}”", ["name": query]) : "")
            gtk_widget_set_visible(searchStatus, nothingFound ? 1 : 0)
        }
        if refilling || emojis != shownEmojis { fillEmojis(emojis) }
    }

    /// An emoji was added somewhere.
    func recentsDidChange() {
        apply(strip.recentsChanged())
    }
}
