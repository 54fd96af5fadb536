import CGtk
import EmojiArtCore

/// The palette manager, "Palettes" (SPEC P4): every palette as a row — its name and first
/// emojis — with Move Up, Move Down, Edit (which renames too) and Delete buttons. Activating a row opens its
/// editor. One manager for the whole application; it follows the shared store, so a change made
/// anywhere (another window, another process) shows at once.
@MainActor
final class PaletteManager {
    private static var shared: PaletteManager?

    private typealias Control = PaletteList.Control

    private struct Row {
        let paletteID: Int
        let widget: UnsafeMutablePointer<GtkWidget>
        let controls: [Control: UnsafeMutablePointer<GtkWidget>]
    }

    private let store: PaletteStore
    private let frame: UtilityWindow
    private let listBox: UnsafeMutablePointer<GtkWidget>
    private var rows: [Row] = []
    private var observer: PaletteStore.ObserverToken?
    /// The control to give the keyboard focus back to once the list is rebuilt after a change
    /// made with it (moving a palette keeps the focus on its Move button).
    private var focusAfterRebuild: PaletteList.Focus?

    /// Opens the manager over `parent`, or brings the open one forward.
    static func show(store: PaletteStore, parent: UnsafeMutablePointer<GtkWidget>) {
        if let shared { return shared.frame.present() }
        let manager = PaletteManager(store: store, parent: parent)
        shared = manager
        manager.frame.present()
    }

    private init(store: PaletteStore, parent: UnsafeMutablePointer<GtkWidget>) {
        self.store = store
        listBox = gtk_list_box_new()
        gtk_list_box_set_selection_mode(cast(listBox), GTK_SELECTION_NONE)
        gtk_widget_add_css_class(listBox, "boxed-list")
        gtk_widget_set_valign(listBox, GTK_ALIGN_START)
        emojiart_accessible_set_label(listBox, localized("Palettes"))

        let clamp = adw_clamp_new()!
        adw_clamp_set_child(cast(clamp), listBox)
        for setMargin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            setMargin(clamp, 12)
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), clamp)
        frame = UtilityWindow(title: localized("Palettes"), parent: parent, width: 520, height: 600, content: scroller)
        adw_header_bar_pack_start(cast(frame.header), makeNewButton())

        observer = store.addObserver { [weak self] in self?.rebuild() }
        connect(frame.window, .destroy) { [unowned self] in
            if let observer { store.removeObserver(observer) }
            Self.shared = nil  // last: this releases the manager
        }
        rebuild()
    }

    /// "New Palette": adds a palette named "New" where the list puts it and opens its editor (as
    /// P2's New).
    private func makeNewButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name("list-add-symbolic")!
        setTooltip(button, localized("New Palette"))
        emojiart_accessible_set_label(button, localized("New Palette"))
        connect(button, .clicked) { [unowned self] in
            do {
                let palette = try store.insertPalette(named: localized("New"), at: PaletteList(palettes: store.palettes).newPaletteIndex)
                PaletteEditor.show(paletteWithID: palette.id, store: store, parent: frame.window, selectingName: true)
            } catch {
                frame.showError(error)
            }
        }
        return button
    }

    // MARK: - Rows

    private func rebuild() {
        let focus = focusAfterRebuild ?? focusedControl()
        focusAfterRebuild = nil
        while let child = gtk_widget_get_first_child(listBox) {
            gtk_list_box_remove(cast(listBox), child)
        }
        let list = PaletteList(palettes: store.palettes)
        rows = list.rows.map(makeRow)
        for row in rows { gtk_list_box_append(cast(listBox), row.widget) }
        if let focus, let target = list.focus(after: focus) { self.focus(target) }
    }

    private func makeRow(_ listRow: PaletteList.Row) -> Row {
        let palette = listRow.palette
        let name = PaletteDialogs.displayName(of: palette)
        let row = adw_action_row_new()!
        adw_preferences_row_set_use_markup(cast(row), 0)  // a name may hold "&" or "<"
        gtk_widget_add_css_class(row, "palette-preview")
        adw_preferences_row_set_title(cast(row), name)
        adw_action_row_set_subtitle(cast(row), listRow.preview ?? localized("No emojis"))
        adw_action_row_set_subtitle_lines(cast(row), 1)

        let id = palette.id
        let canDelete = listRow.enabledControls.contains(.delete)
        var controls: [Control: UnsafeMutablePointer<GtkWidget>] = [:]
        let specs: [(Control, icon: String, label: String)] = [
            (.moveUp, "go-up-symbolic", localized("Move “{name}” Up", ["name": name])),
            (.moveDown, "go-down-symbolic", localized("Move “{name}” Down", ["name": name])),
            (.edit, "document-edit-symbolic", localized("Edit “{name}”", ["name": name])),
            (
                .delete, "user-trash-symbolic",
                canDelete ? localized("Delete “{name}”", ["name": name]) : localized("The last palette can’t be deleted")
            ),
        ]
        for (control, icon, label) in specs {
            let button = gtk_button_new_from_icon_name(icon)!
            gtk_widget_add_css_class(button, "flat")
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            setTooltip(button, label)
            emojiart_accessible_set_label(button, label)
            gtk_widget_set_sensitive(button, listRow.enabledControls.contains(control) ? 1 : 0)
            connect(button, .clicked) { [unowned self] in perform(control, onPaletteWithID: id) }
            adw_action_row_add_suffix(cast(row), button)
            controls[control] = button
        }
        // Activating the row (click, Enter) edits the palette.
        adw_action_row_set_activatable_widget(cast(row), controls[.edit])
        if let edit = controls[.edit] { AccessibleNames.nameActivatableWidget(edit, localized("Edit “{name}”", ["name": name])) }
        return Row(paletteID: id, widget: row, controls: controls)
    }

    private func perform(_ control: Control, onPaletteWithID id: Int) {
        do {
            switch control {
            case .moveUp, .moveDown:
                guard let index = store.index(ofPaletteWithID: id),
                    let offset = PaletteList(palettes: store.palettes).moveOffset(forPaletteAt: index, control)
                else { return }
                focusAfterRebuild = PaletteList.Focus(paletteID: id, control: control, index: index)
                try store.movePalettes(fromOffsets: [index], toOffset: offset)
            case .edit:
                PaletteEditor.show(paletteWithID: id, store: store, parent: frame.window)
            case .delete:
                PaletteDialogs.confirmDeletion(ofPaletteWithID: id, store: store, parent: frame.window) { [unowned self] in
                    frame.showError($0)
                }
            }
        } catch {
            focusAfterRebuild = nil
            frame.showError(error)
        }
    }

    // MARK: - Focus

    /// The row or control focused in this window, even while a dialog over it is the active window.
    private func focusedControl() -> PaletteList.Focus? {
        guard let focused = gtk_window_get_focus(cast(frame.window)) else { return nil }
        for (index, row) in rows.enumerated() {
            if row.widget == focused { return PaletteList.Focus(paletteID: row.paletteID, control: nil, index: index) }
            for (control, button) in row.controls where button == focused {
                return PaletteList.Focus(paletteID: row.paletteID, control: control, index: index)
            }
        }
        return nil
    }

    /// Focuses the row or control the list chose (`PaletteList.focus(after:)`).
    private func focus(_ target: PaletteList.Focus) {
        guard rows.indices.contains(target.index) else { return }
        let row = rows[target.index]
        gtk_widget_grab_focus(target.control.flatMap { row.controls[$0] } ?? row.widget)
    }
}
