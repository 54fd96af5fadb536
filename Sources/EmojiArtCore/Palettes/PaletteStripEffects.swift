/// What the palette strip's UI must do after `PaletteStrip` took an intent: values combine with
/// `|`, and the App's `PaletteBar` applies them in one place.
public struct PaletteStripEffects: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The palette shown, or its name, changed: the chooser's label and menu, and Delete's
    /// sensitivity (`PaletteStore.canRemovePalette`), follow.
    public static let showPalette = PaletteStripEffects(rawValue: 1 << 0)
    /// Another palette is shown because the user chose it or the one shown was deleted: the
    /// window remembers it (W4, P6).
    public static let rememberPalette = PaletteStripEffects(rawValue: 1 << 1)
    /// The strip's emojis may have changed: show `PaletteStrip.shownEmojis`, or say that nothing
    /// matched.
    public static let showEmojis = PaletteStripEffects(rawValue: 1 << 2)
    /// The search opened or closed (`PaletteStrip.isSearching`): the entry and the chooser trade
    /// places; once closed, the keys go back to the canvas.
    public static let searchToggled = PaletteStripEffects(rawValue: 1 << 3)
    /// The search entry takes the keys, its text selected for typing over.
    public static let focusSearch = PaletteStripEffects(rawValue: 1 << 4)

    public static let none: PaletteStripEffects = []
}
