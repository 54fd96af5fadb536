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

extension CanvasKey {
    /// Which key gives which canvas key, by GDK's key names (the keypad's twins included): the
    /// one table the canvas reads keys with and the keyboard-access list names them by.
    public static let byKeyName: [String: CanvasKey] = [
        "Escape": .escape,
        "Left": .left, "KP_Left": .left, "Right": .right, "KP_Right": .right,
        "Up": .up, "KP_Up": .up, "Down": .down, "KP_Down": .down,
        "Tab": .tab, "ISO_Left_Tab": .tab, "KP_Tab": .tab,
        "Page_Up": .pageUp, "KP_Page_Up": .pageUp, "Page_Down": .pageDown, "KP_Page_Down": .pageDown,
        "Home": .home, "KP_Home": .home, "End": .end, "KP_End": .end,
        "less": .scaleDown, "comma": .scaleDown, "greater": .scaleUp, "period": .scaleUp,
        "bracketleft": .rotateLeft, "braceleft": .rotateLeft, "bracketright": .rotateRight, "braceright": .rotateRight,
        "h": .flip, "H": .flip,
        "Menu": .menu,
    ]

    /// The canvas key of the key named `keyName` held with `modifiers`; nil for keys the canvas
    /// leaves to the window: any with Ctrl or Alt (U4, R2), and keys not in the table. Shift+F10
    /// is the Menu key (S9).
    public init?(keyName: String, modifiers: CanvasModifiers) {
        guard modifiers.isDisjoint(with: [.control, .alt]) else { return nil }
        if keyName == "F10", modifiers.contains(.shift) {
            self = .menu
            return
        }
        guard let key = Self.byKeyName[keyName] else { return nil }
        self = key
    }
}
