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
        let popover = contextMenuPopover()
        gtk_popover_menu_set_menu_model(cast(popover), cast(model))
        g_object_unref(model.raw)
        var target = GdkRectangle(x: Int32(menu.point.x), y: Int32(menu.point.y), width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(popover), &target)
        gtk_popover_popup(cast(popover))
    }

    /// The menu's rows: commands as items of their window actions, submenus of sections.
    static func menuModel(of items: [CanvasContextMenu.Item]) -> OpaquePointer {
        let model = g_menu_new()!
        for item in items {
            switch item {
            case .command(let command):
                appendItem(of: command, to: model)
            case .submenu(let label, let sections):
                let submenu = g_menu_new()!
                for section in sections {
                    let sectionModel = menuModel(of: section.map(CanvasContextMenu.Item.command))
                    g_menu_append_section(submenu, nil, cast(sectionModel))
                    g_object_unref(sectionModel.raw)
                }
                g_menu_append_submenu(model, label, cast(submenu))
                g_object_unref(submenu.raw)
            }
        }
        return model
    }

    /// The commands as menu items of their window actions.
    static func menuModel(of commands: [CanvasCommand]) -> OpaquePointer {
        let model = g_menu_new()!
        for command in commands { appendItem(of: command, to: model) }
        return model
    }

    private static func appendItem(of command: CanvasCommand, to model: OpaquePointer) {
        let item = g_menu_item_new(command.label, "win.\(command.actionName)")!
        // Keys that act only on the focused canvas, shown beside their items (they are not
        // application accelerators, so GTK would not show them by itself).
        if let key = KeyboardAccess.canvasKey(for: command) { emojiart_menu_item_set_string(item, "accel", key) }
        g_menu_append_item(model, item)
        g_object_unref(item.raw)
    }

    private func contextMenuPopover() -> UnsafeMutablePointer<GtkWidget> {
        if let contextMenu { return contextMenu }
        let popover = gtk_popover_menu_new_from_model(nil)!
        gtk_popover_set_has_arrow(cast(popover), 0)
        gtk_widget_set_halign(popover, GTK_ALIGN_START)
        gtk_popover_set_position(cast(popover), GTK_POS_BOTTOM)
        // Parented on the overlay, not the drawing area: a popover of the drawing area is sized
        // too small and its last items need scrolling.
        gtk_widget_set_parent(popover, container)
        emojiart_accessible_set_label(popover, localized("Canvas Menu"))
        // However it closed (an item, Escape, a submenu's item), the keys go to the canvas again.
        connect(popover, .closed) { [unowned self] in
            if !isClosed { gtk_widget_grab_focus(drawingArea) }
        }
        contextMenu = popover
        return popover
    }
}
