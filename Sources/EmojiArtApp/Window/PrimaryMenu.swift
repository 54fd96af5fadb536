import CGtk
import EmojiArtCore

/// The header bar's primary menu: only items whose actions exist (no dead entries). Its Edit
/// section names the step Undo and Redo would take ("Undo Move", U4), so it is rebuilt when the
/// history changes.
@MainActor
final class PrimaryMenu {
    let button: UnsafeMutablePointer<GtkWidget>
    /// The Edit section's model: Undo and Redo are its first two items.
    private let editSection: OpaquePointer
    private var shownHistory: (undo: String?, redo: String?)?
    private let menu: OpaquePointer
    /// The menu closed, however (an item, Escape, a click outside).
    var onClose: (() -> Void)?

    init() {
        // Short enough to fit a laptop's screen (the HIG's primary menu): the document's
        // commands, the Edit section (U4), then Arrange, Background and View as submenus where a
        // menu bar would have them. Close and Quit are Ctrl+W and Ctrl+Q, as in GNOME's own apps.
        menu = g_menu_new()!
        Self.appendSection(
            to: menu,
            [
                (localized("New Window"), "app.new"), (localized("Open…"), "app.open"), (localized("Join…"), "app.join"),
            ])
        Self.appendSection(
            to: menu,
            [
                (localized("Save"), "win.save"), (localized("Save As…"), "win.save-as"), (localized("Export…"), "win.export"),
                (localized("Print…"), "win.print"), (localized("Browse Versions…"), "win.browse-versions"),
            ])
        Self.appendSection(to: menu, [(localized("Share…"), "win.share"), (localized("Stop Sharing"), "win.stop-sharing")])
        editSection = g_menu_new()!
        for command: CanvasCommand in [.undo, .redo, .cut, .copy, .paste, .duplicate, .delete, .selectAll] {
            g_menu_append(editSection, command.label, "win.\(command.actionName)")
        }
        g_menu_append_section(menu, localized("Edit"), cast(editSection))
        let submenus = g_menu_new()!
        // R2–R4: the align and distribute verbs, then groups and locks.
        Self.appendSubmenu(
            localized("Arrange"),
            sections: [CanvasCommand.arrangeCommands, [.group, .ungroup, .lock, .unlockAll]].map { commands in
                commands.map { ($0.label, "win.\($0.actionName)") }
            }, to: submenus)
        Self.appendSubmenu(
            localized("Background"),
            sections: [
                [CanvasCommand.setBackgroundFromFile, .setBackgroundFromURL, .removeBackground].map { ($0.label, "win.\($0.actionName)") }
            ], to: submenus)
        Self.appendSubmenu(
            localized("View"),
            sections: [
                [
                    (localized("Zoom to Fit"), "win.zoom-fit"), (localized("Zoom In"), "win.zoom-in"),
                    (localized("Zoom Out"), "win.zoom-out"),
                ],
                [(localized("Snap to Objects"), "app.snap-to-objects")],
            ], to: submenus)
        g_menu_append_section(menu, nil, cast(submenus))
        g_object_unref(submenus.raw)
        Self.appendSection(
            to: menu,
            [
                (localized("Keyboard Shortcuts"), "app.shortcuts"), (localized("About EmojiArt"), "app.about"),
            ])
        button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cast(button), "open-menu-symbolic")
        // The popover and its ~25 item widgets are made when the menu first opens, not with the
        // window, whose first frame they would delay.
        // The button keeps a weak way back here: it may outlive this menu as GTK disposes it.
        gtk_menu_button_set_create_popup_func(
            cast(button), Self.createPopover, Unmanaged.passRetained(WeakMenu(self)).toOpaque(), Self.releaseWeakMenu)
        gtk_menu_button_set_primary(cast(button), 1)  // F10 opens it
        setTooltip(button, localized("Main Menu"))
        AccessibleNames.nameMenuButton(button, localized("Main Menu"))  // else AT-SPI reads "GtkMenuButton" (A2)
    }

    /// Called by GTK each time the menu is about to open: gives the button its popover once.
    private static let createPopover: GtkMenuButtonCreatePopupFunc = { button, primaryMenu in
        guard let button, let primaryMenu, gtk_menu_button_get_popover(button) == nil else { return }
        let address = UInt(bitPattern: primaryMenu)
        MainActor.assumeIsolated {
            Unmanaged<WeakMenu>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue().menu?.createPopover()
        }
    }

    private static let releaseWeakMenu: GDestroyNotify = { pointer in
        guard let pointer else { return }
        Unmanaged<WeakMenu>.fromOpaque(pointer).release()
    }

    private final class WeakMenu {
        weak var menu: PrimaryMenu?
        init(_ menu: PrimaryMenu) { self.menu = menu }
    }

    private func createPopover() {
        gtk_menu_button_set_menu_model(cast(button), cast(menu))
        guard let popover = gtk_menu_button_get_popover(cast(button)) else { return }
        connect(popover, .closed) { [weak self] in self?.onClose?() }
    }

    isolated deinit {
        g_object_unref(editSection.raw)
        g_object_unref(menu.raw)
    }

    /// "Undo Move" / "Redo Add 😀", or plain "Undo" / "Redo" (insensitive) when there is none.
    func updateHistory(undoName: String?, redoName: String?) {
        if let shown = shownHistory, shown.undo == undoName, shown.redo == redoName { return }
        shownHistory = (undoName, redoName)
        g_menu_remove(editSection, 0)
        g_menu_remove(editSection, 0)
        let undo = undoName.map { localized("Undo {action}", ["action": $0]) } ?? CanvasCommand.undo.label
        let redo = redoName.map { localized("Redo {action}", ["action": $0]) } ?? CanvasCommand.redo.label
        g_menu_insert(editSection, 0, undo, "win.undo")
        g_menu_insert(editSection, 1, redo, "win.redo")
    }

    private static func appendSubmenu(_ label: String, sections: [[(label: String, action: String)]], to menu: OpaquePointer) {
        let submenu = g_menu_new()!
        for section in sections { appendSection(to: submenu, section) }
        g_menu_append_submenu(menu, label, cast(submenu))
        g_object_unref(submenu.raw)
    }

    private static func appendSection(to menu: OpaquePointer, _ items: [(label: String, action: String)], label: String? = nil) {
        let section = g_menu_new()!
        for item in items { g_menu_append(section, item.label, item.action) }
        g_menu_append_section(menu, label, cast(section))
        g_object_unref(section.raw)
    }
}
