/// The names of undo steps as the user reads them (U2: "Undo Move"), translated where they
/// are made; the original's names plus ours.
public enum ActionName {
    public static var move: String { localized("Move") }
    public static var scale: String { localized("Scale") }
    public static var rotate: String { localized("Rotate") }
    public static var flip: String { localized("Flip") }
    public static var delete: String { localized("Delete") }
    public static var cut: String { localized("Cut") }
    public static var paste: String { localized("Paste") }
    public static var duplicate: String { localized("Duplicate") }
    public static var setBackground: String { localized("Set Background") }
    public static var removeBackground: String { localized("Remove Background") }
    public static var alignLeft: String { localized("Align Left") }
    public static var alignCenter: String { localized("Align Center") }
    public static var alignRight: String { localized("Align Right") }
    public static var alignTop: String { localized("Align Top") }
    public static var alignMiddle: String { localized("Align Middle") }
    public static var alignBottom: String { localized("Align Bottom") }
    public static var distributeHorizontally: String { localized("Distribute Horizontally") }
    public static var distributeVertically: String { localized("Distribute Vertically") }
    public static var group: String { localized("Group") }
    public static var ungroup: String { localized("Ungroup") }
    public static var lock: String { localized("Lock") }
    public static var unlock: String { localized("Unlock") }
    public static var unlockAll: String { localized("Unlock All") }
    /// Browse Versions… ▸ Restore (H2).
    public static var restoreVersion: String { localized("Restore Version") }

    /// The step of one Align menu item (R2), e.g. "Align Left".
    public static func align(_ alignment: Alignment) -> String {
        switch alignment {
        case .left: alignLeft
        case .center: alignCenter
        case .right: alignRight
        case .top: alignTop
        case .middle: alignMiddle
        case .bottom: alignBottom
        }
    }

    /// The step of one Distribute menu item (R2).
    public static func distribute(_ axis: DistributionAxis) -> String {
        switch axis {
        case .horizontal: distributeHorizontally
        case .vertical: distributeVertically
        }
    }

    /// "Add 😀" (the original's name for adding an emoji).
    public static func add(_ emoji: String) -> String { localized("Add {emoji}", ["emoji": emoji]) }
}
