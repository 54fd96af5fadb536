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

    /// "Add 😀" (the original's name for adding an emoji).
    public static func add(_ emoji: String) -> String { localized("Add {emoji}", ["emoji": emoji]) }
}
