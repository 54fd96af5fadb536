import CGtk
import EmojiArtCore

/// What an empty canvas shows (X4), as GNOME's status pages do: an icon, the hint, and the two
/// ways to begin that need no dragging — Open… and Set Background… Centred over the canvas and no
/// bigger than its content, so the rest of the canvas takes clicks and drags as always; drops
/// land on the canvas's overlay, which holds this page too.
@MainActor
struct EmptyCanvasPage {
    let widget: UnsafeMutablePointer<GtkWidget>

    init() {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_halign(box, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(box, GTK_ALIGN_CENTER)
        let icon = gtk_image_new_from_icon_name("insert-image-symbolic")!
        gtk_image_set_pixel_size(cast(icon), 64)
        gtk_widget_add_css_class(icon, "dim-label")
        gtk_widget_set_can_target(icon, 0)
        let title = gtk_label_new(localized("Drag an emoji or an image here"))!
        gtk_widget_add_css_class(title, "dim-label")
        gtk_widget_add_css_class(title, "title-2")
        gtk_label_set_wrap(cast(title), 1)
        gtk_label_set_justify(cast(title), GTK_JUSTIFY_CENTER)
        gtk_widget_set_can_target(title, 0)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(buttons, 6)
        for (label, action, isSuggested) in [
            (localized("Open…"), "app.open", false),
            (CanvasCommand.setBackgroundFromFile.label, "win.\(CanvasCommand.setBackgroundFromFile.actionName)", true),
        ] {
            let button = gtk_button_new_with_label(label)!
            gtk_actionable_set_action_name(cast(button), action)
            gtk_widget_add_css_class(button, "pill")
            if isSuggested { gtk_widget_add_css_class(button, "suggested-action") }
            gtk_box_append(cast(buttons), button)
        }
        for child in [icon, title, buttons] { gtk_box_append(cast(box), child) }
        widget = box
    }
}
