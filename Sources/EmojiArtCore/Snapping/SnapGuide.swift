/// A line a dragged frame snapped to (R1), as the canvas draws it: a segment in document
/// coordinates across the two things aligned, from the moving frame to the farthest target on
/// that line, so a user sees which emojis (or the background, or the origin) line up.
public struct SnapGuide: Hashable, Sendable {
    public enum Orientation: Hashable, Sendable {
        /// A line x = `position`: left edges, centres or right edges aligned.
        case vertical
        /// A line y = `position`: top edges, middles or bottom edges aligned.
        case horizontal
    }

    public var orientation: Orientation
    /// The line's x (vertical) or y (horizontal), in document points.
    public var position: Double
    /// Where the segment starts and ends along the line: y for a vertical guide, x for a horizontal one.
    public var span: ClosedRange<Double>

    public init(orientation: Orientation, position: Double, span: ClosedRange<Double>) {
        self.orientation = orientation
        self.position = position
        self.span = span
    }

    /// The segment's first end: its top (vertical) or left end (horizontal).
    public var start: DocumentPoint {
        switch orientation {
        case .vertical: DocumentPoint(x: position, y: span.lowerBound)
        case .horizontal: DocumentPoint(x: span.lowerBound, y: position)
        }
    }

    /// The segment's other end: its bottom (vertical) or right end (horizontal).
    public var end: DocumentPoint {
        switch orientation {
        case .vertical: DocumentPoint(x: position, y: span.upperBound)
        case .horizontal: DocumentPoint(x: span.upperBound, y: position)
        }
    }
}
