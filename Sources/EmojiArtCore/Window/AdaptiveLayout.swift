/// What a window shows at its width (X8): from a phone held upright (360 pixels, libadwaita's
/// smallest target) to a desktop. Pure, so the rule is tested here and the App only applies it.
///
/// Below `narrowWidth` the header bar keeps what a finger needs most — Undo, the title, the
/// primary menu — leaves Redo to the primary menu's Edit section and cuts the sharing status's
/// words short (whole in its tooltip); dialogs never open wider or taller than the window that
/// opens them.
public struct AdaptiveLayout: Hashable, Sendable {
    /// Narrower than this, a window is laid out as on a phone.
    public static let narrowWidth = 600
    /// libadwaita's smallest target size, which every window must fit.
    public static let smallestSize = (width: 360, height: 294)

    public var isNarrow: Bool

    public init(windowWidth: Int) {
        isNarrow = windowWidth < Self.narrowWidth
    }

    /// Whether the header bar shows Redo (the primary menu's Edit section always has it).
    public var showsRedoButton: Bool { !isNarrow }
    /// Whether the sharing status says its state in full words, not cut short.
    public var showsSharingStatusInFull: Bool { !isNarrow }

    /// The size a dialog preferring `preferred` opens at over a window of `window`: its own, cut
    /// to the window, never below the smallest target.
    public static func dialogSize(preferred: (width: Int, height: Int), window: (width: Int, height: Int)?) -> (
        width: Int, height: Int
    ) {
        guard let window, window.width > 0, window.height > 0 else { return preferred }
        return (
            max(min(preferred.width, window.width), smallestSize.width), max(min(preferred.height, window.height), smallestSize.height)
        )
    }
}
