import CGtk
import EmojiArtCore

/// An emoji button of the strip, of its search results and of the palette editor's search (P1,
/// F1): its picture (`PaletteEmojiImage`), named for screen readers by the emoji's spoken name,
/// a click that chooses it, a drag source that drops it on a canvas, and its menu (right-click,
/// a touch long-press, or Menu / Shift+F10 on the focused button).
@MainActor
enum PaletteEmojiButton {
    typealias MenuHandler = @MainActor (_ emoji: String, _ button: UnsafeMutablePointer<GtkWidget>) -> Void

    static func make(
        _ emoji: String, onChoose: @escaping @MainActor (String) -> Void, onMenu: MenuHandler? = nil
    ) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new()!
        gtk_button_set_child(cast(button), PaletteEmojiImage.make(emoji))
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_add_css_class(button, "palette-emoji")
        name(button, for: emoji)
        connect(button, .clicked) { onChoose(emoji) }
        addDragSource(to: button, emoji: emoji)
        if let onMenu { addMenuTriggers(to: button) { onMenu(emoji, button) } }
        return button
    }

    /// Names `button` by the emoji's spoken name (the emoji itself until the names are loaded),
    /// with the tooltip "Add NAME".
    static func name(_ button: UnsafeMutablePointer<GtkWidget>, for emoji: String) {
        let name = SpokenEmojiNames.name(of: emoji)
        emojiart_accessible_set_label(button, name)
        setTooltip(button, localized("Add {emoji}", ["emoji": name]))
    }

    /// Makes `widget` drag `emoji` as text: onto the canvas, or within the palette editor.
    static func addDragSource(to button: UnsafeMutablePointer<GtkWidget>, emoji: String) {
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
    }

    private static func addMenuTriggers(to button: UnsafeMutablePointer<GtkWidget>, _ open: @escaping @MainActor () -> Void) {
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(opaque(secondary), guint(GDK_BUTTON_SECONDARY))
        connect(secondary, .clickPressed) { _, _, _ in open() }
        gtk_widget_add_controller(button, opaque(secondary))
        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(opaque(longPress), 1)
        connect(longPress, .longPressPressed) { _, _ in open() }
        gtk_widget_add_controller(button, opaque(longPress))
        let keys = gtk_event_controller_key_new()!
        connect(keys, .keyPressed) { keyval, modifiers in
            let key = Int32(bitPattern: keyval)
            let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
            guard key == GDK_KEY_Menu || (key == GDK_KEY_F10 && shift) else { return false }
            open()
            return true
        }
        gtk_widget_add_controller(button, keys)
    }
}
