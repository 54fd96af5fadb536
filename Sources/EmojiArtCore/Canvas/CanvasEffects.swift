/// What the UI must do after the canvas took an input (Rnote's `WidgetFlags`): values combine
/// with `|`, and the GTK adapter applies them in one place.
public struct CanvasEffects: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Draw the canvas again.
    public static let redraw = CanvasEffects(rawValue: 1 << 0)
    /// The user zoomed or panned: remember the viewport (W4).
    public static let viewportChanged = CanvasEffects(rawValue: 1 << 1)
    /// The cursor to show may have changed (X3).
    public static let cursor = CanvasEffects(rawValue: 1 << 2)
    /// The selection changed: the accessible description and the menus' sensitivity follow (A2, U4).
    public static let selection = CanvasEffects(rawValue: 1 << 3)
    /// The view moves in steps (wheel, keys): show the cached frame, then a crisp one once the
    /// steps stop (DESIGN performance).
    public static let viewStepped = CanvasEffects(rawValue: 1 << 4)
    /// Load the document's background now (B1).
    public static let startLoading = CanvasEffects(rawValue: 1 << 5)
    /// The pointer moved over the canvas or left it: my presence follows it (C5).
    public static let pointer = CanvasEffects(rawValue: 1 << 6)
    /// What the menus can do may have changed: their sensitivity follows (U4).
    public static let commands = CanvasEffects(rawValue: 1 << 7)
    /// The background's loading status changed: the spinner (B2) and the failure with Retry (B4)
    /// follow `isFetchingBackground` and `backgroundFailure`.
    public static let backgroundStatus = CanvasEffects(rawValue: 1 << 8)
    /// An emoji was added from the strip or dropped as text: it becomes the newest of the
    /// recently added emojis (F1), read from `lastAddedEmoji`.
    public static let emojiAdded = CanvasEffects(rawValue: 1 << 9)

    public static let none: CanvasEffects = []
}
