/// What snapping one drag frame gives (R1): how far to move the frame so its lines sit on
/// the targets', and the guides to draw for every line it then shares with a target.
public struct SnapResult: Hashable, Sendable {
    /// Added to the frame (and so to every dragged emoji); zero on an axis that did not snap.
    public var correction: DocumentVector
    public var guides: [SnapGuide]

    public init(correction: DocumentVector, guides: [SnapGuide]) {
        self.correction = correction
        self.guides = guides
    }

    /// Nothing within reach: the frame stays where the pointer put it and no guide shows.
    public static let none = SnapResult(correction: .zero, guides: [])
}
