import CGtk
import EmojiArtCore

/// The menu of an emoji in the strip (F1): "Add to Palette “NAME”" when the palette shown lacks
/// it, and the emoji's skin tones, each added to the document as a click on the emoji would.
/// One popover per strip, filled anew for each emoji and pointing at its button; the strip's box
/// unparents it with its other children when it is disposed.
@MainActor
final class EmojiMenu {
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let parent: UnsafeMutablePointer<GtkWidget>

    init(parent: UnsafeMutablePointer<GtkWidget>) {
        self.parent = parent
        popover = gtk_popover_new()
        gtk_widget_set_parent(popover, parent)
        gtk_popover_set_position(cast(popover), GTK_POS_TOP)
        gtk_widget_add_css_class(popover, "emoji-menu")
        emojiart_accessible_set_label(popover, localized("Emoji Menu"))
    }

    /// Opens the menu of `emoji` over `button`; nothing opens when it would be empty.
    /// `addToPalette` names the palette it would be added to and adds it.
    func show(
        for emoji: String, from button: UnsafeMutablePointer<GtkWidget>,
        addToPalette: (name: String, add: @MainActor () -> Void)?, onChoose: @escaping @MainActor (String) -> Void
    ) {
        let tones = EmojiSearch.shared.match(for: emoji, language: Localization.language)?.skinToneVariants ?? []
        guard addToPalette != nil || !tones.isEmpty else { return }
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        if let addToPalette {
            let item = gtk_button_new_with_label(localized("Add to Palette “{name}”", ["name": addToPalette.name]))!
            gtk_widget_add_css_class(item, "flat")
            connect(item, .clicked) { [unowned self] in
                gtk_popover_popdown(cast(popover))
                addToPalette.add()
            }
            gtk_box_append(cast(box), item)
        }
        if !tones.isEmpty {
            let heading = gtk_label_new(localized("Skin Tones"))!
            gtk_widget_add_css_class(heading, "dim-label")
            gtk_widget_set_halign(heading, GTK_ALIGN_START)
            gtk_box_append(cast(box), heading)
            gtk_box_append(cast(box), toneGrid(tones, onChoose: onChoose))
        }
        gtk_popover_set_child(cast(popover), box)
        var bounds = graphene_rect_t()
        if gtk_widget_compute_bounds(button, parent, &bounds) != 0 {
            var target = GdkRectangle(
                x: Int32(bounds.origin.x), y: Int32(bounds.origin.y),
                width: Int32(bounds.size.width), height: Int32(bounds.size.height))
            gtk_popover_set_pointing_to(cast(popover), &target)
        }
        gtk_popover_popup(cast(popover))
    }

    /// Five to a row: the five tones of one person, or of each first person of a pair.
    private func toneGrid(_ tones: [String], onChoose: @escaping @MainActor (String) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let grid = gtk_grid_new()!
        for (index, tone) in tones.enumerated() {
            let button = PaletteEmojiButton.make(tone) { [unowned self] chosen in
                gtk_popover_popdown(cast(popover))
                onChoose(chosen)
            }
            gtk_grid_attach(cast(grid), button, Int32(index % 5), Int32(index / 5), 1, 1)
        }
        return grid
    }
}
