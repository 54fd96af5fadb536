/// The frame around a selection (S8): one rectangle around the selected emojis' turned squares,
/// four corner handles that scale about the opposite corner, and a rotate handle above the top
/// edge — all in view pixels, the same size at any zoom. Render draws it; hit testing is here.
public struct SelectionFrame: Hashable, Sendable {
    /// A handle's side, in view pixels.
    public static let handleSize = 10.0
    /// How far past a handle's edge a press still grabs it, in view pixels.
    public static let grabTolerance = 4.0
    /// The rotate handle's centre sits this far above the frame's top edge, in view pixels.
    public static let rotateHandleDistance = 24.0
    /// Space between the emojis' squares and the frame, in view pixels.
    public static let padding = 4.0

    public enum Handle: CaseIterable, Sendable, Hashable {
        case topLeft, topRight, bottomRight, bottomLeft, rotate

        /// The corner a scale keeps fixed while this one is dragged; nil for the rotate handle.
        public var opposite: Handle? {
            switch self {
            case .topLeft: .bottomRight
            case .topRight: .bottomLeft
            case .bottomRight: .topLeft
            case .bottomLeft: .topRight
            case .rotate: nil
            }
        }

        public var cursor: CanvasCursor {
            switch self {
            case .topLeft, .bottomRight: .nwseResize
            case .topRight, .bottomLeft: .neswResize
            case .rotate: .grab
            }
        }
    }

    /// The frame, in view pixels.
    public var rect: ViewRect

    public init(around bounds: DocumentRect, viewport: Viewport, viewSize: ViewSize) {
        rect = viewport.viewRect(for: bounds, in: viewSize).insetBy(-Self.padding)
    }

    public func center(of handle: Handle) -> ViewPoint {
        switch handle {
        case .topLeft: ViewPoint(x: rect.minX, y: rect.minY)
        case .topRight: ViewPoint(x: rect.maxX, y: rect.minY)
        case .bottomRight: ViewPoint(x: rect.maxX, y: rect.maxY)
        case .bottomLeft: ViewPoint(x: rect.minX, y: rect.maxY)
        case .rotate: ViewPoint(x: rect.center.x, y: rect.minY - Self.rotateHandleDistance)
        }
    }

    /// The handle under `point`, if any; the rotate handle wins over a corner it overlaps.
    public func handle(at point: ViewPoint) -> Handle? {
        let reach = Self.handleSize / 2 + Self.grabTolerance
        for handle in [Handle.rotate, .topLeft, .topRight, .bottomRight, .bottomLeft] {
            let center = center(of: handle)
            if abs(point.x - center.x) <= reach && abs(point.y - center.y) <= reach { return handle }
        }
        return nil
    }
}

extension SelectionFrame.Handle {
    /// The frame's edges a drag of this corner moves, which may snap (R1); none for the rotate handle.
    var movingEdges: SnapEdges {
        switch self {
        case .topLeft: [.left, .top]
        case .topRight: [.right, .top]
        case .bottomRight: [.right, .bottom]
        case .bottomLeft: [.left, .bottom]
        case .rotate: []
        }
    }
}
