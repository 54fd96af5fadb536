import CGtk
import EmojiArtCore

/// The strip under the canvas (P1, P2): a chooser showing the palette's name — click for the
/// next palette, its menu goes to any palette — and the palette's emojis, each a button that adds
/// it at the view centre and a drag source for dropping it anywhere on the canvas.
@MainActor
final class PaletteBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let store: PaletteStore
    private let chooser: UnsafeMutablePointer<GtkWidget>
    private let emojiBox: UnsafeMutablePointer<GtkWidget>
    private let onChoose: @MainActor (String) -> Void
    private(set) var paletteIndex = 0
    /// Called when the user picks another palette (the window remembers it, W4/P6).
    var onPaletteChange: (() -> Void)?

    init(store: PaletteStore, window: UnsafeMutablePointer<GtkWidget>, onChoose: @escaping @MainActor (String) -> Void) {
        self.store = store
        self.onChoose = onChoose
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(widget, "palette-bar")
        chooser = adw_split_button_new()
        gtk_widget_set_valign(chooser, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(chooser, "Next Palette")
        emojiBox = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)

        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_child(opaque(scroller), emojiBox)
        gtk_widget_set_hexpand(scroller, 1)
        gtk_box_append(cast(widget), chooser)
        gtk_box_append(cast(widget), scroller)

        onSignal(chooser, "clicked") { [unowned self] in
            showPalette(at: paletteIndex + 1)
            onPaletteChange?()
        }
        showPalette(at: 0)
    }

    /// Adds the chooser's actions to `window`: win.go-to-palette(index).
    func installActions(on window: UnsafeMutablePointer<GtkWidget>) {
        addIntegerAction("go-to-palette", to: window) { [unowned self] index in
            showPalette(at: Int(index))
            onPaletteChange?()
        }
    }

    /// The id of the palette shown.
    var paletteID: Int { store.palette(at: paletteIndex).id }

    /// Shows the palette with this id, if it still exists.
    func showPalette(withID id: Int) {
        if let index = store.index(ofPaletteWithID: id) { showPalette(at: index) }
    }

    /// Shows the palette at `index`, wrapping around past either end (P2).
    func showPalette(at index: Int) {
        let count = store.palettes.count
        paletteIndex = ((index % count) + count) % count
        let palette = store.palette(at: paletteIndex)
        adw_split_button_set_label(opaque(chooser), palette.name)
        emojiart_accessible_set_label(chooser, "Palette: \(palette.name). Activate for the next palette")
        let menu = makeMenu()
        adw_split_button_set_menu_model(opaque(chooser), cast(menu))
        g_object_unref(menu.raw)
        fillEmojis(palette.uniqueEmojis)
    }

    private func fillEmojis(_ emojis: [String]) {
        while let child = gtk_widget_get_first_child(emojiBox) {
            gtk_box_remove(cast(emojiBox), child)
        }
        for emoji in emojis {
            gtk_box_append(cast(emojiBox), makeEmojiButton(emoji))
        }
    }

    private func makeEmojiButton(_ emoji: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(emoji)!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_add_css_class(button, "palette-emoji")
        gtk_widget_set_tooltip_text(button, "Add \(emoji)")
        onSignal(button, "clicked") { [unowned self] in onChoose(emoji) }

        let source = gtk_drag_source_new()!
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY)
        var value = GValue()
        g_value_init(&value, emojiart_type_string())
        g_value_set_string(&value, emoji)
        let provider = gdk_content_provider_new_for_value(&value)
        g_value_unset(&value)
        gtk_drag_source_set_content(source, provider)
        g_object_unref(provider?.raw)
        gtk_widget_add_controller(button, opaque(source))
        return button
    }

    /// The chooser's menu: Go To any palette (Edit, New, Delete and Manage come with the palette
    /// editor; no dead items meanwhile).
    private func makeMenu() -> OpaquePointer {
        let menu = g_menu_new()!
        let goTo = g_menu_new()!
        for (index, palette) in store.palettes.enumerated() {
            let item = g_menu_item_new(palette.name, nil)!
            g_menu_item_set_action_and_target_value(item, "win.go-to-palette", g_variant_new_int32(Int32(index)))
            g_menu_append_item(goTo, item)
            g_object_unref(item.raw)
        }
        g_menu_append_submenu(menu, "Go To", cast(goTo))
        g_object_unref(goTo.raw)
        return menu
    }
}
