import CGtk

/// The header bar's primary menu: only items whose actions exist (no dead entries).
@MainActor
enum PrimaryMenu {
    static func makeButton() -> UnsafeMutablePointer<GtkWidget> {
        let menu = g_menu_new()!
        appendSection(to: menu, [("New Window", "app.new"), ("Open…", "app.open")])
        appendSection(to: menu, [("Save", "win.save"), ("Save As…", "win.save-as"), ("Export…", "win.export")])
        appendSection(to: menu, [("Zoom to Fit", "win.zoom-fit"), ("Zoom In", "win.zoom-in"), ("Zoom Out", "win.zoom-out")])
        appendSection(to: menu, [("Keyboard Shortcuts", "app.shortcuts"), ("About EmojiArt", "app.about")])
        appendSection(to: menu, [("Close Window", "win.close"), ("Quit", "app.quit")])
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        gtk_menu_button_set_menu_model(cast(button), cast(menu))
        gtk_menu_button_set_primary(cast(button), 1)  // F10 opens it
        gtk_widget_set_tooltip_text(button, "Main Menu")
        AccessibleNames.nameMenuButton(button, "Main Menu")  // else AT-SPI reads "GtkMenuButton" (A2)
        g_object_unref(menu.raw)
        return button
    }

    private static func appendSection(to menu: OpaquePointer, _ items: [(label: String, action: String)]) {
        let section = g_menu_new()!
        for item in items { g_menu_append(section, item.label, item.action) }
        g_menu_append_section(menu, nil, cast(section))
        g_object_unref(section.raw)
    }
}
