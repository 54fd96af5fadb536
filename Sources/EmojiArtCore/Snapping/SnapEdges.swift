/// Which of a frame's six lines may snap (R1): all six while a selection is dragged; only the
/// dragged corner's two edges while it is scaled by that corner, since the opposite corner stays.
public struct SnapEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let left = SnapEdges(rawValue: 1 << 0)
    public static let center = SnapEdges(rawValue: 1 << 1)
    public static let right = SnapEdges(rawValue: 1 << 2)
    public static let top = SnapEdges(rawValue: 1 << 3)
    public static let middle = SnapEdges(rawValue: 1 << 4)
    public static let bottom = SnapEdges(rawValue: 1 << 5)

    /// A dragged frame: every line of both axes.
    public static let all: SnapEdges = [.left, .center, .right, .top, .middle, .bottom]

    /// The lines of `frame` these edges name on the x axis (vertical lines), left to right.
    func verticalLines(of frame: DocumentRect) -> [Double] {
        [(SnapEdges.left, frame.minX), (.center, frame.center.x), (.right, frame.maxX)]
            .filter { contains($0.0) }.map(\.1)
    }

    /// The lines of `frame` these edges name on the y axis (horizontal lines), top to bottom.
    func horizontalLines(of frame: DocumentRect) -> [Double] {
        [(SnapEdges.top, frame.minY), (.middle, frame.center.y), (.bottom, frame.maxY)]
            .filter { contains($0.0) }.map(\.1)
    }
}
