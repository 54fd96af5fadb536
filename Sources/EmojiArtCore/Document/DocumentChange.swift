/// What a document change touched, reported through one observer path so a window can turn
/// it into redraws and button states (DESIGN "change notification"). Values combine with `|`.
public struct DocumentChange: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Emojis were added, removed, moved or resized.
    public static let emojis = DocumentChange(rawValue: 1 << 0)
    /// The background changed.
    public static let background = DocumentChange(rawValue: 1 << 1)
    /// What can be undone or redone, or their names, changed.
    public static let history = DocumentChange(rawValue: 1 << 2)
    /// The document was saved, or gained unsaved changes.
    public static let saveState = DocumentChange(rawValue: 1 << 3)
    /// Others' drags in progress moved (C3): a redraw, nothing to save.
    public static let livePreviews = DocumentChange(rawValue: 1 << 4)
}
