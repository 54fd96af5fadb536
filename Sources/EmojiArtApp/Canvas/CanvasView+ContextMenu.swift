import CGtk
import EmojiArtCore

/// The context menu (S9): right-click, a touch long-press, the Menu key or Shift+F10. Its items
/// are the window's actions (U4), so they are insensitive when they cannot act; which items
/// show is Core's `CanvasContextMenu`.
extension CanvasView {
    /// Opens the menu at `point`, or over the selection (keyboard) when nil.
    func showContextMenu(at point: ViewPoint?) {
        let (menu, effects) = interaction.contextMenu(at: point)
        apply(effects.union(.commands))  // the actions' sensitivity must be current before the menu shows
        let model = g_menu_new()!
        for section in menu.sections {
            let sectionModel = Self.menuModel(of: section)
            g_menu_append_section(model, nil, cast(sectionModel))
            g_object_unref(sectionModel.raw)
        }
        if !menu.arrangeSubmenu.isEmpty {
            let arrange = Self.menuModel(of: menu.arrangeSubmenu)
            let section = g_menu_new()!
            g_menu_append_submenu(section, localized("Arrange"), cast(arrange))
            g_menu_append_section(model, nil, cast(section))
            g_object_unref(arrange.raw)
            g_object_unref(section.raw)
        }
        let popover = contextMenuPopover()
        gtk_popover_menu_set_menu_model(cast(popover), cast(model))
        g_object_unref(model.raw)
        var target = GdkRectangle(x: Int32(menu.point.x), y: Int32(menu.point.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(popover), &target)
        gtk_popover_popup(cast(popover))
    }

    /// The commands as menu items of their window actions.
    static func menuModel(of commands: [CanvasCommand]) -> OpaquePointer {
        let model = g_menu_new()!
        for command in commands {
            let item = g_menu_item_new(command.label, "win.\(command.actionName)")!
            // Keys that act only on the focused canvas, shown beside their items (they are not
            // application accelerators, so GTK would not show them by itself).
            if let key = KeyboardAccess.canvasKey(for: command) { emojiart_menu_item_set_string(item, "accel", key) }
            g_menu_append_item(model, item)
            g_object_unref(item.raw)
        }
        return model
    }

    private func contextMenuPopover() -> UnsafeMutablePointer<GtkWidget> {
        if let contextMenu { return contextMenu }
        let popover = gtk_popover_menu_new_from_model(nil)!
        gtk_popover_set_has_arrow(cast(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        gtk_popover_set_position(cast(popover), GTK_POS_BOTTOM)
        gtk_widget_set_parent(popover, drawingArea)
        emojiart_accessible_set_label(popover, localized("Canvas Menu"))
        // However it closed (an item, Escape, a submenu's item), the keys go to the canvas again.
        connect(popover, .closed) { [unowned self] in
            if !isClosed { gtk_widget_grab_focus(drawingArea) }
        }
        contextMenu = popover
        return popover
    }
}
