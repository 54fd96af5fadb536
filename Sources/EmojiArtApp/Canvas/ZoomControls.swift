import CGtk
import EmojiArtCore

/// The zoom level and the zoom buttons over the canvas's bottom-right corner (G2), as Loupe
/// shows them: −, the level (which fits the picture), +. The buttons are the window's zoom
/// actions, so they grey out and act exactly as the keys and the View menu do.
@MainActor
final class ZoomControls {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let levelButton: UnsafeMutablePointer<GtkWidget>
    private var shownLevel = ""

    init() {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "linked")
        gtk_widget_add_css_class(box, "osd")
        gtk_widget_add_css_class(box, "zoom-controls")
        gtk_widget_set_halign(box, GTK_ALIGN_END)
        gtk_widget_set_valign(box, GTK_ALIGN_END)
        for margin in [gtk_widget_set_margin_end, gtk_widget_set_margin_bottom] { margin(box, 12) }
        let zoomOut = Self.iconButton("zoom-out-symbolic", action: "win.zoom-out", name: localized("Zoom Out"))
        levelButton = gtk_button_new_with_label(Viewport().zoomLevelText)!
        gtk_actionable_set_action_name(cast(levelButton), "win.zoom-fit")
        setTooltip(levelButton, localized("Zoom to Fit"))
        emojiart_accessible_set_description(levelButton, localized("Zoom to Fit"))
        let zoomIn = Self.iconButton("zoom-in-symbolic", action: "win.zoom-in", name: localized("Zoom In"))
        for button in [zoomOut, levelButton, zoomIn] { gtk_box_append(cast(box), button) }
        widget = box
    }

    /// Shows `viewport`'s zoom, if it changed.
    func show(_ viewport: Viewport) {
        let level = viewport.zoomLevelText
        guard level != shownLevel else { return }
        shownLevel = level
        gtk_button_set_label(cast(levelButton), level)
    }

    private static func iconButton(_ icon: String, action: String, name: String) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name(icon)!
        gtk_actionable_set_action_name(cast(button), action)
        setTooltip(button, name)
        emojiart_accessible_set_label(button, name)
        return button
    }
}
