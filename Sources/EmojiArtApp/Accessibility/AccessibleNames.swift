import CGtk

/// Accessible names and descriptions beyond what GTK derives from a label (SPEC A2). A screen
/// reader reads a control by its accessible *label*; GTK 4.8 falls back to the class name for an
/// icon-only GtkMenuButton ("GtkMenuButton"), and a tooltip only becomes the *description*.
@MainActor
enum AccessibleNames {
    /// Names a GtkMenuButton. AT-SPI shows it as two push buttons: the menu button, and inside
    /// it the toggle button with the `click` action Orca uses, which GTK labels by its parent —
    /// so naming the parent names both (naming the inner one too would make it "Main Menu Main
    /// Menu").
    static func nameMenuButton(_ button: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        emojiart_accessible_set_label(button, label)
    }

    /// Names the arrow part of an AdwSplitButton (a GtkMenuButton inside it), which opens its menu.
    static func nameSplitButtonMenu(_ splitButton: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        var child = gtk_widget_get_first_child(splitButton)
        while let widget = child {
            if emojiart_is_menu_button(widget) != 0 { nameMenuButton(widget, label) }
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// Names the activatable widget of an AdwActionRow by its own label only. libadwaita marks the
    /// row's title as labelling that widget too, and GTK 4.8 reads the label and the labelling
    /// widgets one after the other: the manager's Edit button read "Edit “Faces” Faces". Call it
    /// after `adw_action_row_set_activatable_widget`, which sets the relation.
    static func nameActivatableWidget(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        gtk_accessible_reset_relation(opaque(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        emojiart_accessible_set_label(widget, label)
    }
}
