/// A change of drawing order (S7, Inkscape's keys): the order of `emojis` is the drawing order,
/// last on top, as in the original.
public enum StackingMove: String, CaseIterable, Sendable {
    /// Page Up: one step above the next emoji above that overlaps the selection.
    case bringForward
    /// Page Down: one step below the next emoji below that overlaps the selection.
    case sendBackward
    /// Home: on top of everything.
    case bringToFront
    /// End: below everything.
    case sendToBack

    /// The undo step's name (U2).
    public var actionName: String {
        switch self {
        case .bringForward: localized("Bring Forward")
        case .sendBackward: localized("Send Backward")
        case .bringToFront: localized("Bring to Front")
        case .sendToBack: localized("Send to Back")
        }
    }

    /// The new order of `order` with the ids in `moving` moved; the moving emojis keep their
    /// order among themselves. `overlapping` tells whether two emojis overlap on the canvas.
    func reorder(_ order: [Int], moving: Set<Int>, overlapping: (Int, Int) -> Bool) -> [Int] {
        let moved = order.filter { moving.contains($0) }
        guard !moved.isEmpty else { return order }
        var rest = order.filter { !moving.contains($0) }
        switch self {
        case .bringToFront:
            return rest + moved
        case .sendToBack:
            return moved + rest
        case .bringForward:
            // Past the first emoji above the topmost moving one that overlaps any of them.
            guard let top = order.lastIndex(where: { moving.contains($0) }) else { return order }
            let above = order[(top + 1)...].first { other in moved.contains { overlapping($0, other) } }
            guard let above, let position = rest.firstIndex(of: above) else { return order }
            rest.insert(contentsOf: moved, at: position + 1)
            return rest
        case .sendBackward:
            guard let bottom = order.firstIndex(where: { moving.contains($0) }) else { return order }
            let below = order[..<bottom].last { other in moved.contains { overlapping($0, other) } }
            guard let below, let position = rest.firstIndex(of: below) else { return order }
            rest.insert(contentsOf: moved, at: position)
            return rest
        }
    }
}
