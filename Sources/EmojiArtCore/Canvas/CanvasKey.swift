/// The keys the canvas acts on while it has the focus, in Core's own terms: the GTK adapter
/// translates key values into these (as Luma's `CanvasInput` does).
public enum CanvasKey: Sendable, Hashable {
    case escape
    case left, right, up, down
    case tab
    /// Page Up / Page Down / Home / End: stacking order (S7).
    case pageUp, pageDown, home, end
    /// `<` or `,` and `>` or `.`: scale the selection (S8).
    case scaleDown, scaleUp
    /// `[` and `]` (with Shift `{` and `}`): rotate the selection (S8).
    case rotateLeft, rotateRight
    /// `h`: flip the selection left–right (S8).
    case flip
    /// The Menu key or Shift+F10: the context menu (S9).
    case menu
}

/// Modifier keys held with an input.
public struct CanvasModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let shift = CanvasModifiers(rawValue: 1 << 0)
    public static let control = CanvasModifiers(rawValue: 1 << 1)
    /// Alt: a drag holding it does not snap (R1).
    public static let alt = CanvasModifiers(rawValue: 1 << 2)
}
