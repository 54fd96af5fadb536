import CGtk
import EmojiArtCore

/// The palette editor, "Edit <name>" (SPEC P3): a name entry that renames live; an "Add Emojis"
/// entry whose text is filtered to emojis and merged in, new ones first; GTK's emoji chooser; a
/// search by name (F1); and the palette's emojis, each removed by activating it (with Undo in a
/// toast) and moved by Alt+← / Alt+→. Every change goes straight to the shared `PaletteStore`,
/// which saves it and tells every window's strip. At most one editor per palette.
@MainActor
final class PaletteEditor {
    /// The open editors by palette id; an editor leaves when its window is destroyed.
    private static var editors: [Int: PaletteEditor] = [:]

    private let paletteID: Int
    private let store: PaletteStore
    private let frame: UtilityWindow
    private let nameRow: UnsafeMutablePointer<GtkWidget>
    private let addRow: UnsafeMutablePointer<GtkWidget>
    private let emojiGroup: UnsafeMutablePointer<GtkWidget>
    private var search: PaletteEditorSearch?
    private let flowBox: UnsafeMutablePointer<GtkWidget>
    /// What the flow box shows, in order: activating child `i` removes `shownEmojis[i]`.
    private var shownEmojis: [String]?
    private var observer: PaletteStore.ObserverToken?

    /// Opens the editor of the palette with `id` over `parent`, or brings its open editor forward.
    /// With `selectingName`, the name is selected for typing over (a new palette's "New", P2).
    static func show(
        paletteWithID id: Int, store: PaletteStore, parent: UnsafeMutablePointer<GtkWidget>, selectingName: Bool = false
    ) {
        if let editor = editors[id] { return editor.frame.present() }
        guard store.palette(withID: id) != nil else { return }
        let editor = PaletteEditor(paletteID: id, store: store, parent: parent)
        editors[id] = editor
        editor.frame.present()
        if selectingName {
            gtk_widget_grab_focus(editor.nameRow)
            gtk_editable_select_region(cast(editor.nameRow), 0, -1)
        }
    }

    private init(paletteID: Int, store: PaletteStore, parent: UnsafeMutablePointer<GtkWidget>) {
        self.paletteID = paletteID
        self.store = store
        nameRow = adw_entry_row_new()
        addRow = adw_entry_row_new()
        emojiGroup = adw_preferences_group_new()
        flowBox = gtk_flow_box_new()
        let page = adw_preferences_page_new()!
        frame = UtilityWindow(title: localized("Edit Palette"), parent: parent, width: 420, height: 560, content: page)
        gtk_widget_add_css_class(frame.window, "palette-editor")

        let nameGroup = adw_preferences_group_new()!
        adw_preferences_row_set_title(cast(nameRow), localized("Name"))
        adw_preferences_group_add(cast(nameGroup), nameRow)
        adw_preferences_page_add(cast(page), cast(nameGroup))

        let addGroup = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(addGroup), localized("Add Emojis"))
        adw_preferences_group_set_description(cast(addGroup), localized("Type or paste emojis; anything else is left out."))
        adw_preferences_row_set_title(cast(addRow), localized("Emojis to add"))
        adw_entry_row_add_suffix(cast(addRow), makeEmojiChooserButton())
        adw_preferences_group_add(cast(addGroup), addRow)
        adw_preferences_page_add(cast(page), cast(addGroup))
        let search = PaletteEditorSearch { [unowned self] emoji in addEmojis(emoji) }
        self.search = search
        adw_preferences_page_add(cast(page), cast(search.group))

        adw_preferences_group_set_title(cast(emojiGroup), localized("Emojis"))
        gtk_flow_box_set_selection_mode(cast(flowBox), GTK_SELECTION_NONE)
        gtk_flow_box_set_activate_on_single_click(cast(flowBox), 1)
        gtk_flow_box_set_homogeneous(cast(flowBox), 1)
        gtk_flow_box_set_min_children_per_line(cast(flowBox), 4)
        gtk_flow_box_set_max_children_per_line(cast(flowBox), 12)
        gtk_widget_add_css_class(flowBox, "palette-editor-emojis")
        emojiart_accessible_set_label(flowBox, localized("Emojis in the palette"))
        adw_preferences_group_add(cast(emojiGroup), flowBox)
        adw_preferences_page_add(cast(page), cast(emojiGroup))

        connectSignals()
        observer = store.addObserver { [weak self] in self?.paletteDidChange() }
        paletteDidChange()
    }

    private func connectSignals() {
        connect(nameRow, .changed) { [unowned self] in
            perform { try store.renamePalette(withID: paletteID, to: text(of: nameRow)) }
        }
        // Merged on every change, as the original does, so a paste lands at once; Enter also
        // clears the entry for the next emojis.
        connect(addRow, .changed) { [unowned self] in addEmojis(text(of: addRow)) }
        connect(addRow, .entryActivated) { [unowned self] in
            addEmojis(text(of: addRow))
            gtk_editable_set_text(cast(addRow), "")
        }
        connect(flowBox, .childActivated) { [unowned self] child in
            guard let child else { return }
            removeEmoji(at: Int(gtk_flow_box_child_get_index(cast(child))))
        }
        let keys = gtk_event_controller_key_new()!
        connect(keys, .keyPressed) { [unowned self] keyval, state in
            guard state.rawValue & GDK_ALT_MASK.rawValue != 0 else { return false }
            let leftwards: Bool
            switch Int32(bitPattern: keyval) {
            case GDK_KEY_Left, GDK_KEY_KP_Left: leftwards = true
            case GDK_KEY_Right, GDK_KEY_KP_Right: leftwards = false
            default: return false
            }
            let rightToLeft = gtk_widget_get_direction(flowBox) == GTK_TEXT_DIR_RTL
            return moveFocusedEmoji(by: Palette.gridStep(leftwards: leftwards, rightToLeft: rightToLeft))
        }
        gtk_widget_add_controller(flowBox, keys)
        // An emoji dragged within the grid moves there; one from the strip or elsewhere is added there.
        let drop = gtk_drop_target_new(emojiart_type_string(), GDK_ACTION_COPY)!
        connect(drop, .drop) { [unowned self] value, x, y in
            guard let text = g_value_get_string(UnsafePointer<GValue>(value)).map({ String(cString: $0) }) else { return false }
            return dropEmojis(text, at: x, y)
        }
        gtk_widget_add_controller(flowBox, opaque(drop))
        let id = paletteID
        connect(frame.window, .destroy) { [unowned self] in
            if let observer { store.removeObserver(observer) }
            Self.editors[id] = nil  // last: this releases the editor
        }
    }

    /// GtkEmojiChooser is a popover: a menu button opens it, and a picked emoji is added (P3).
    private func makeEmojiChooserButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "face-smile-symbolic")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        gtk_widget_add_css_class(button, "flat")
        setTooltip(button, localized("Choose an Emoji"))
        AccessibleNames.nameMenuButton(button, localized("Choose an Emoji"))
        let chooser = gtk_emoji_chooser_new()!
        gtk_menu_button_set_popover(cast(button), chooser)
        connect(chooser, .emojiPicked) { [unowned self] emoji in addEmojis(emoji) }
        return button
    }

    // MARK: - Changes

    /// Only emojis are kept, each once, the new ones first (Core's `mergingEmojis`).
    private func addEmojis(_ text: String) {
        guard let palette = store.palette(withID: paletteID), !text.uniqueEmojis.isEmpty else { return }
        perform { try store.setEmojis(String.mergingEmojis(text, into: palette.emojis), forPaletteWithID: paletteID) }
    }

    /// Removes the emoji shown at `index` (every copy the stored string may hold), offers Undo,
    /// and keeps the keyboard focus at that place in the grid.
    private func removeEmoji(at index: Int) {
        guard let palette = store.palette(withID: paletteID), let (emojis, removed) = palette.removingEmoji(at: index) else { return }
        perform { try store.setEmojis(emojis, forPaletteWithID: paletteID) }
        focusEmoji(at: min(index, (shownEmojis?.count ?? 0) - 1))
        let name = EmojiSearch.shared.spokenName(of: removed.emoji)
        frame.showUndo(localized("Removed {emoji} {name}", ["emoji": removed.emoji, "name": name])) { [weak self] in
            guard let self, let palette = store.palette(withID: paletteID) else { return }
            perform { try store.setEmojis(palette.restoring(removed), forPaletteWithID: paletteID) }
            focusEmoji(at: removed.index)
        }
    }

    /// A drop on the grid at (`x`, `y`): a shown emoji moves to the place dropped on, new emojis
    /// go in there.
    private func dropEmojis(_ text: String, at x: Double, _ y: Double) -> Bool {
        guard let palette = store.palette(withID: paletteID) else { return false }
        let target = gtk_flow_box_get_child_at_pos(cast(flowBox), Int32(x), Int32(y)).map { Int(gtk_flow_box_child_get_index($0)) }
        guard let emojis = palette.droppingEmojis(text, onEmojiAt: target) else { return false }
        perform { try store.setEmojis(emojis, forPaletteWithID: paletteID) }
        return true
    }

    /// Moves the focused emoji one place along the grid, the focus with it; false when it cannot.
    private func moveFocusedEmoji(by step: Int) -> Bool {
        guard let focused = gtk_root_get_focus(gtk_widget_get_root(flowBox)),
            let child = gtk_widget_get_ancestor(focused, gtk_flow_box_child_get_type()),
            gtk_widget_get_parent(child) == flowBox,
            let palette = store.palette(withID: paletteID)
        else { return false }
        let index = Int(gtk_flow_box_child_get_index(cast(child)))
        guard let emojis = palette.movingEmoji(from: index, to: index + step) else { return true }
        perform { try store.setEmojis(emojis, forPaletteWithID: paletteID) }
        focusEmoji(at: index + step)
        return true
    }

    private func focusEmoji(at index: Int) {
        guard index >= 0, let child = gtk_flow_box_get_child_at_index(cast(flowBox), Int32(index)) else { return }
        gtk_widget_grab_focus(cast(child))
    }

    private func perform(_ change: () throws -> Void) {
        do {
            try change()
        } catch PaletteStoreError.noSuchPalette {
            frame.close()  // deleted meanwhile; paletteDidChange closes it too
        } catch {
            frame.showError(error)
        }
    }

    /// Follows the store: a rename from elsewhere updates the title and entry, new emojis the
    /// grid; a deleted palette closes the editor. The entry is only written when it differs,
    /// so typing in it is never disturbed.
    private func paletteDidChange() {
        guard let palette = store.palette(withID: paletteID) else { return frame.close() }
        frame.setTitle(localized("Edit {name}", ["name": PaletteDialogs.displayName(of: palette)]))
        if text(of: nameRow) != palette.name { gtk_editable_set_text(cast(nameRow), palette.name) }
        let emojis = palette.uniqueEmojis
        if emojis != shownEmojis { fill(emojis) }
    }

    private func fill(_ emojis: [String]) {
        shownEmojis = emojis
        // gtk_flow_box_remove_all is GTK 4.12; Debian 12 has 4.8.
        while let child = gtk_widget_get_first_child(flowBox) {
            gtk_flow_box_remove(cast(flowBox), child)
        }
        for emoji in emojis {
            let label = gtk_label_new(emoji)!
            gtk_widget_add_css_class(label, "palette-emoji")
            let child = gtk_flow_box_child_new()!
            gtk_flow_box_child_set_child(cast(child), label)
            PaletteEmojiButton.addDragSource(to: child, emoji: emoji)
            let remove = localized("Remove {emoji}", ["emoji": EmojiSearch.shared.spokenName(of: emoji)])
            setTooltip(child, remove)
            emojiart_accessible_set_label(child, remove)
            gtk_flow_box_insert(cast(flowBox), child, -1)
        }
        adw_preferences_group_set_description(
            cast(emojiGroup),
            emojis.isEmpty
                ? localized("No emojis yet: add some above.")
                : localized("Click an emoji, or press Enter on it, to remove it; Alt+← and Alt+→ move it."))
    }

    private func text(of editable: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_editable_get_text(cast(editable)))
    }
}
