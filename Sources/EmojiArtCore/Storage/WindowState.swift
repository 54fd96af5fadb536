/// How a document's window was left (SPEC W4, P6): zoom, pan, chosen palette, size and whether
/// it was maximized, restored
/// when the document is reopened. Plain numbers, so storing it needs nothing from the viewport.
public struct WindowState: Hashable, Codable, Sendable {
    /// Larger than any zoom the viewport allows (G1: 0.05–20), which clamps further; a value
    /// beyond this did not come from a window.
    public static let maximumZoom = 1_000.0
    /// Largest pan accepted, in either unit the viewport may use: documents stay within ±10⁶
    /// points (M4), and at the largest zoom (20) that is 2·10⁷ pixels.
    public static let maximumPanMagnitude = 1e8
    /// X11 and GTK cannot make a window larger than this many pixels a side.
    public static let maximumWindowSide = 32_767

    /// The viewport's scale; 1 shows a document point as one logical pixel.
    public var zoom: Double
    /// The viewport's pan, stored as the viewport gives it (the store does not interpret it).
    public var panX: Double
    /// See `panX`.
    public var panY: Double
    /// The chosen palette's id; nil or an id that no longer exists means "the first palette".
    public var paletteID: Int?
    /// In logical pixels; nil when the window was never resized or the size is unknown.
    public var windowWidth: Int?
    /// See `windowWidth`.
    public var windowHeight: Int?
    /// The window filled its screen (maximized; a phone's shell maximizes every window). The
    /// size above stays the one it returns to. Nil in files written before this was kept.
    public var isMaximized: Bool?

    /// Defaults are a fresh window's: zoom 1, no pan, first palette, default size.
    public init(
        zoom: Double = 1, panX: Double = 0, panY: Double = 0,
        paletteID: Int? = nil, windowWidth: Int? = nil, windowHeight: Int? = nil, isMaximized: Bool? = nil
    ) {
        self.zoom = zoom
        self.panX = panX
        self.panY = panY
        self.paletteID = paletteID
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.isMaximized = isMaximized
    }

    /// Whether these values could have come from a real window. A stored state that is not
    /// is ignored, so a damaged or hand-edited file cannot open a window at zoom 0 or off in space.
    public var isValid: Bool { problem == nil }

    /// What is wrong with the values, as a clause, or nil when they are fine.
    var problem: String? {
        guard zoom.isFinite, zoom > 0, zoom <= Self.maximumZoom else {
            return localized("the zoom {zoom} is not between 0 and {maximum}", ["zoom": "\(zoom)", "maximum": "\(Self.maximumZoom)"])
        }
        for pan in [panX, panY] where !(pan.isFinite && abs(pan) <= Self.maximumPanMagnitude) {
            return localized("the pan {pan} is beyond ±{maximum}", ["pan": "\(pan)", "maximum": "\(Self.maximumPanMagnitude)"])
        }
        for side in [windowWidth, windowHeight].compactMap({ $0 })
        where !(1...Self.maximumWindowSide).contains(side) {
            return localized(
                "the window side {side} is not between 1 and {maximum}", ["side": String(side), "maximum": String(Self.maximumWindowSide)])
        }
        return nil
    }
}
