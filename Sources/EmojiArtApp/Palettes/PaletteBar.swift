import CGtk
import EmojiArtCore
import EmojiArtRender
import Foundation

/// The strip under the canvas (P1, P2, F1): a search button, a chooser showing the palette's
/// name — click for the next palette; its menu edits, adds, deletes and manages palettes and goes
/// to any palette — and the palette's emojis, each a button that adds it at the view centre and
/// a drag source for dropping it anywhere on the canvas. It follows the shared `PaletteStore`, so
/// an edit made in any window or process shows here at once (P5). The search that replaces the
/// palette's emojis with emojis found by name is in `PaletteBar+Search.swift`.
@MainActor
final class PaletteBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    let store: PaletteStore
    let recents: RecentEmojiList
    /// The document window: the palette editor, manager and dialogs open over it.
    private let window: UnsafeMutablePointer<GtkWidget>
    let searchButton: UnsafeMutablePointer<GtkWidget>
    let searchEntry: UnsafeMutablePointer<GtkWidget>
    /// Says that nothing matched, in place of the emojis.
    let searchStatus: UnsafeMutablePointer<GtkWidget>
    let chooser: UnsafeMutablePointer<GtkWidget>
    private let emojiBox: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    let emojiMenu: EmojiMenu
    let onChoose: @MainActor (String) -> Void
    /// Which palette is shown, whether the search is open, and what the strip shows (Core's rules).
    var strip: PaletteStrip
    /// The emojis the strip's buttons show: the palette's, or the search's.
    private(set) var shownEmojis: [String]?
    private var deleteAction: OpaquePointer?
    private var observer: PaletteStore.ObserverToken?
    /// Rebuilds the strip's pictures for a new text size.
    private var textScaleObserver: UInt = 0
    /// Renames the buttons once the emojis' names are loaded; shows new recents while searching.
    private var namesObserver: Int?
    private var recentsObserver: Int?
    /// Called when the search closes, so the window gives the keys back to the canvas.
    var onSearchEnd: (() -> Void)?
    /// Called when the search entry gains (true) or loses the keyboard focus.
    var onSearchFocusChange: ((Bool) -> Void)?
    /// Called when the palette shown changes — the user picked another, or the one shown was
    /// deleted — so the window remembers it (W4/P6).
    var onPaletteChange: (() -> Void)?
    /// Called with a sentence to show when a palette change failed (e.g. it could not be saved).
    var onMessage: ((String) -> Void)?

    init(
        store: PaletteStore, recents: RecentEmojiList, window: UnsafeMutablePointer<GtkWidget>,
        onChoose: @escaping @MainActor (String) -> Void
    ) {
        self.store = store
        self.recents = recents
        self.window = window
        self.onChoose = onChoose
        strip = PaletteStrip(palettes: store.palettes)
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(widget, "palette-bar")
        emojiMenu = EmojiMenu(parent: widget)
        searchButton = gtk_toggle_button_new()
        searchEntry = gtk_search_entry_new()
        searchStatus = gtk_label_new(nil)
        chooser = adw_split_button_new()
        gtk_widget_set_valign(chooser, GTK_ALIGN_CENTER)
        setTooltip(chooser, localized("Next Palette"))
        adw_split_button_set_dropdown_tooltip(opaque(chooser), localized("Palette Menu"))
        AccessibleNames.nameSplitButtonMenu(chooser, localized("Palette Menu"))
        emojiBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)

        scroller = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(opaque(scroller), emojiBox)
        gtk_widget_set_hexpand(scroller, 1)
        gtk_box_append(cast(widget), searchButton)
        gtk_box_append(cast(widget), chooser)
        gtk_box_append(cast(widget), searchEntry)
        gtk_box_append(cast(widget), searchStatus)
        gtk_box_append(cast(widget), scroller)
        buildSearch()

        connect(chooser, .clicked) { [unowned self] in apply(strip.showNext(of: store.palettes)) }
        observer = store.addObserver { [weak self] in self?.palettesDidChange() }
        textScaleObserver = TextScale.observe { [weak self] in
            guard let self, let emojis = shownEmojis else { return }
            fillEmojis(emojis)
        }
        namesObserver = SpokenEmojiNames.addObserver { [weak self] in self?.renameEmojis() }
        recentsObserver = recents.addObserver { [weak self] in self?.recentsDidChange() }
        connect(widget, .destroy) { [unowned self] in
            if let namesObserver { SpokenEmojiNames.removeObserver(namesObserver) }
            namesObserver = nil
            if let recentsObserver { recents.removeObserver(recentsObserver) }
            recentsObserver = nil
            if let observer { store.removeObserver(observer) }
            observer = nil
            TextScale.stopObserving(textScaleObserver)
            textScaleObserver = 0
        }
        apply([.showPalette, .showEmojis])
    }

    /// Adds the chooser's actions to `window` (P2): win.edit-palette, win.new-palette,
    /// win.delete-palette (disabled while only one palette is left, P5), win.manage-palettes and
    /// win.go-to-palette(index).
    func installActions(on window: UnsafeMutablePointer<GtkWidget>) {
        addAction("edit-palette", to: window) { [unowned self] in
            PaletteEditor.show(paletteWithID: paletteID, store: store, parent: self.window)
        }
        addAction("new-palette", to: window) { [unowned self] in addPalette() }
        deleteAction = addAction("delete-palette", to: window) { [unowned self] in
            PaletteDialogs.confirmDeletion(ofPaletteWithID: paletteID, store: store, parent: self.window) { [weak self] error in
                self?.onMessage?("\(error)")
            }
        }
        addAction("manage-palettes", to: window) { [unowned self] in
            PaletteManager.show(store: store, parent: self.window)
        }
        addIntegerAction("go-to-palette", to: window) { [unowned self] index in
            apply(strip.goTo(index: Int(index), of: store.palettes))
        }
        updateDeleteAction()
    }

    /// The palette shown, which the window remembers (W4/P6).
    var paletteID: Int { strip.paletteID }

    /// Shows the window's remembered palette, if it still exists.
    func restorePalette(withID id: Int) {
        apply(strip.restore(paletteID: id, of: store.palettes))
    }

    /// Does what the strip's rules asked for.
    func apply(_ effects: PaletteStripEffects) {
        if effects.contains(.searchToggled) { showSearch(strip.isSearching) }
        if effects.contains(.showPalette) { showChooser() }
        if effects.contains(.showEmojis) { showEmojis(refilling: effects.contains(.searchToggled) && !strip.isSearching) }
        if effects.contains(.focusSearch) {
            gtk_widget_grab_focus(searchEntry)
            gtk_editable_select_region(cast(searchEntry), 0, -1)
        }
        if effects.contains(.searchToggled) && !strip.isSearching { onSearchEnd?() }
        if effects.contains(.rememberPalette) { onPaletteChange?() }
    }

    /// The chooser names the palette shown; its menu and Delete follow the palettes.
    private func showChooser() {
        guard let palette = store.palette(withID: strip.paletteID) else { return }
        let name = PaletteDialogs.displayName(of: palette)
        adw_split_button_set_label(opaque(chooser), name)
        emojiart_accessible_set_label(chooser, localized("Palette: {name}. Activate for the next palette", ["name": name]))
        let menu = makeMenu()
        adw_split_button_set_menu_model(opaque(chooser), cast(menu))
        g_object_unref(menu.raw)
        updateDeleteAction()
    }

    /// The store changed (here, in another window or in another process).
    private func palettesDidChange() {
        apply(strip.palettesChanged(store.palettes))
    }

    /// New (P2): a palette named "New" where the strip puts it, shown here and opened in the
    /// editor with its name selected for typing over.
    private func addPalette() {
        do {
            let palette = try store.insertPalette(named: localized("New"), at: strip.newPaletteIndex)
            apply(strip.showAdded(palette, of: store.palettes))
            PaletteEditor.show(paletteWithID: palette.id, store: store, parent: window, selectingName: true)
        } catch {
            onMessage?("\(error)")
        }
    }

    private func updateDeleteAction() {
        if let deleteAction { setEnabled(deleteAction, store.canRemovePalette) }
    }

    func fillEmojis(_ emojis: [String]) {
        shownEmojis = emojis
        // In the strip's order, so the first ones shown are made first.
        let scale = max(1, Int(gtk_widget_get_scale_factor(emojiBox)))
        PaletteGlyphs.shared.prefetch(emojis, pixelSize: PaletteEmojiImage.logicalPixelSize * scale, inView: emojisInView)
        while let child = gtk_widget_get_first_child(emojiBox) {
            gtk_box_remove(cast(emojiBox), child)
        }
        for emoji in emojis {
            gtk_box_append(
                cast(emojiBox),
                PaletteEmojiButton.make(emoji, onChoose: onChoose) { [unowned self] emoji, button in
                    showMenu(for: emoji, from: button)
                })
        }
        gtk_adjustment_set_value(gtk_scrolled_window_get_hadjustment(cast(scroller)), 0)  // new emojis show from their first
    }

    /// The first emoji button, for Enter in the search entry.
    var firstEmoji: String? { shownEmojis?.first }

    /// At most how many of the strip's emoji buttons the window shows at its default width: as if
    /// the strip had the whole width (the palette chooser takes some of it).
    private var emojisInView: Int {
        var windowWidth: Int32 = 0
        var windowHeight: Int32 = 0  // GTK 4.8 writes both
        gtk_window_get_default_size(cast(window), &windowWidth, &windowHeight)
        let buttonWidth = PaletteEmojiImage.width(forHeight: PaletteEmojiImage.logicalPixelSize) + 2 * 6  // .palette-emoji's padding
        return max(1, Int(windowWidth) / buttonWidth + 1)
    }

    /// The emojis' names were loaded: each button is named by its emoji's name from now on.
    private func renameEmojis() {
        var button = gtk_widget_get_first_child(emojiBox)
        var index = 0
        while let current = button, let emojis = shownEmojis, index < emojis.count {
            PaletteEmojiButton.name(current, for: emojis[index])
            button = gtk_widget_get_next_sibling(current)
            index += 1
        }
    }

    /// The menu of a strip emoji: its skin tones, and "Add to Palette" when the palette shown
    /// lacks it (an emoji found by name, F1).
    private func showMenu(for emoji: String, from button: UnsafeMutablePointer<GtkWidget>) {
        guard store.palette(withID: strip.paletteID) != nil else { return }
        let addToPalette = strip.paletteOffered(toAdd: emoji, among: store.palettes).map { palette in
            (
                name: PaletteDialogs.displayName(of: palette),
                add: { @MainActor [unowned self] in
                    add(emoji, toPaletteWithID: palette.id)
                }
            )
        }
        emojiMenu.show(for: emoji, from: button, addToPalette: addToPalette, onChoose: onChoose)
    }

    /// Adds `emoji` at the start of the palette, as the palette editor adds (P3).
    private func add(_ emoji: String, toPaletteWithID id: Int) {
        guard let palette = store.palette(withID: id) else { return }
        do {
            try store.setEmojis(String.mergingEmojis(emoji, into: palette.emojis), forPaletteWithID: id)
        } catch {
            onMessage?("\(error)")
        }
    }

    /// The chooser's menu (P2): Edit, New and Delete act on the palette shown; Manage opens the
    /// list of all palettes; Go To lists them. Delete is insensitive for the last palette.
    private func makeMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let paletteSection = g_menu_new()!
        g_menu_append(paletteSection, localized("_Edit…"), "win.edit-palette")
        g_menu_append(paletteSection, localized("_New"), "win.new-palette")
        g_menu_append(paletteSection, localized("_Delete…"), "win.delete-palette")
        g_menu_append_section(menu, nil, cast(paletteSection))
        g_object_unref(paletteSection.raw)

        let allSection = g_menu_new()!
        g_menu_append(allSection, localized("_Manage…"), "win.manage-palettes")
        let goTo = g_menu_new()!
        for (index, palette) in store.palettes.enumerated() {
            // Menu labels take "_" as a mnemonic mark; "__" shows one underscore.
            let label = PaletteDialogs.displayName(of: palette).replacingOccurrences(of: "_", with: "__")
            let item = g_menu_item_new(label, nil)!
            g_menu_item_set_action_and_target_value(item, "win.go-to-palette", g_variant_new_int32(Int32(index)))
            g_menu_append_item(goTo, item)
            g_object_unref(item.raw)
        }
        g_menu_append_submenu(allSection, localized("_Go To"), cast(goTo))
        g_object_unref(goTo.raw)
        g_menu_append_section(menu, nil, cast(allSection))
        g_object_unref(allSection.raw)
        return menu
    }
}
