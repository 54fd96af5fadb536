/// The live part of a running pinch and/or drag on the canvas (SPEC G2, G3).
///
/// As in the original, which drew with steadyStateZoomScale × gestureZoomScale, the canvas
/// keeps its steady `Viewport` untouched while a gesture runs and draws
/// `steady.applying(gesture, in:)`; when the gesture ends it commits by storing that same
/// value as the new steady viewport, so the last live frame and the committed view agree.
/// Pinch and drag may run together (G3), so one value carries both.
public struct ViewportGesture: Hashable, Sendable {
    /// Pinch scale since the gesture began; 1 means no pinch.
    public var scale: Double
    /// Where the pinch began, in view coordinates: the document point there is the one that
    /// stays under the fingers.
    public var anchor: ViewPoint
    /// How far the content has been dragged since the gesture began, in view pixels
    /// (for a pinch, how far its centre has moved).
    public var translation: ViewVector

    /// A gesture state; leave out what is not running (a drag alone has scale 1).
    public init(scale: Double = 1, anchor: ViewPoint = .zero, translation: ViewVector = .zero) {
        self.scale = scale
        self.anchor = anchor
        self.translation = translation
    }

    /// No gesture: applying it leaves a viewport as it is.
    public static let identity = ViewportGesture()
}

extension Viewport {
    /// What the canvas shows while `gesture` runs, and what it keeps when it ends (SPEC G2,
    /// G3): zoomed by the pinch scale around its anchor (clamped to `zoomRange`), then moved
    /// by the translation. A scale that is not a positive finite number, or a translation that
    /// is not finite, is ignored, as in `zoomed(by:around:in:)` and `panned(by:)`.
    public func applying(_ gesture: ViewportGesture, in size: ViewSize) -> Viewport {
        zoomed(by: gesture.scale, around: gesture.anchor, in: size).panned(by: gesture.translation)
    }
}
