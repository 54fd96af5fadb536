/// How a document's window opens (W4, P6, B5): with the zoom, pan, palette, size and maximized state remembered
/// from its last window, or — never opened here before — fitting its whole background once that
/// has loaded, at a new window's size. The window and the launch's first-frame preparation
/// (Render's `DocumentPrefetch`) open the same view from this.
public struct WindowOpening: Hashable, Sendable {
    /// What the canvas shows first.
    public enum View: Hashable, Sendable {
        /// The remembered zoom and pan.
        case remembered(Viewport)
        /// A new viewport until the background arrives, then the whole background.
        case fitBackgroundWhenItArrives
    }

    public let view: View
    /// The remembered palette, shown when it still exists (P6).
    public let paletteID: Int?
    /// The remembered window size in logical pixels; nil: a new window's.
    public let windowSize: ViewSize?
    /// The window was left maximized: it opens maximized (its size above is where it returns).
    public let isMaximized: Bool

    /// Opening with the state remembered for the document, if any.
    public init(remembered state: WindowState?) {
        view = state.map { .remembered(Viewport(zoom: $0.zoom, pan: ViewVector(dx: $0.panX, dy: $0.panY))) } ?? .fitBackgroundWhenItArrives
        paletteID = state?.paletteID
        isMaximized = state?.isMaximized ?? false
        if let width = state?.windowWidth, let height = state?.windowHeight {
            windowSize = ViewSize(width: Double(width), height: Double(height))
        } else {
            windowSize = nil
        }
    }

    /// The viewport the first frame is drawn with.
    public var firstViewport: Viewport {
        if case .remembered(let viewport) = view { return viewport }
        return Viewport()
    }
}
