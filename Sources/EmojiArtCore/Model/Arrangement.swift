/// An edge or centre line of the selection's frame that Align lines emojis up on (R2).
public enum Alignment: CaseIterable, Hashable, Sendable {
    case left, center, right, top, middle, bottom
}

/// The direction Distribute spaces emojis out in (R2).
public enum DistributionAxis: CaseIterable, Hashable, Sendable {
    case horizontal, vertical
}

/// Align and distribute (R2) as geometry, apart from any document. An emoji's frame is its
/// bounding box as drawn (`Emoji.boundingBox`, rotation included), and the emojis of one group
/// (R3) move as one unit, rigidly, by the frame around them: each group id among the input is a
/// unit of the members given (a member left out stays where it is), each emoji of no group a
/// unit of its own. Both functions return only the emojis that move, at their new positions;
/// nothing else about them changes.
public enum Arrangement {
    /// A move shorter than this, in points, is none. An aligned frame's edge, computed again from
    /// the moved position, may miss the line by a rounding error: aligning twice must move nothing
    /// the second time (an Align that changes nothing is no undo step).
    static let tolerance = 1e-6

    /// Lines the units up on `alignment`'s line of the frame around all of `emojis`. Fewer than
    /// two units have nothing to align with: nothing moves (a whole group alone stays as it is).
    public static func align(_ emojis: [Emoji], to alignment: Alignment) -> [Emoji] {
        let units = Unit.units(of: emojis)
        guard units.count >= 2, let target = emojis.boundingBox else { return [] }
        return units.flatMap { unit in
            let frame = unit.frame
            let offset =
                switch alignment {
                case .left: DocumentVector(dx: target.minX - frame.minX, dy: 0)
                case .center: DocumentVector(dx: target.center.x - frame.center.x, dy: 0)
                case .right: DocumentVector(dx: target.maxX - frame.maxX, dy: 0)
                case .top: DocumentVector(dx: 0, dy: target.minY - frame.minY)
                case .middle: DocumentVector(dx: 0, dy: target.center.y - frame.center.y)
                case .bottom: DocumentVector(dx: 0, dy: target.maxY - frame.maxY)
                }
            return unit.moved(by: offset)
        }
    }

    /// Spaces three or more units out along `axis` with equal gaps between their frames. The
    /// units are ordered by their frames' leading edge (left or top; ties by the trailing edge,
    /// then by the order given); the first and the last stay, and the others are placed one after
    /// another between them. The gap is negative when the frames are wider together than the
    /// space between the outer two's outer edges: they then overlap by equal amounts.
    public static func distribute(_ emojis: [Emoji], along axis: DistributionAxis) -> [Emoji] {
        let units = Unit.units(of: emojis)
        guard units.count >= 3 else { return [] }
        let spans = units.map { axis.span(of: $0.frame) }
        let order = units.indices.sorted { (spans[$0].lower, spans[$0].upper, $0) < (spans[$1].lower, spans[$1].upper, $1) }
        let (first, last) = (spans[order[0]], spans[order[order.count - 1]])
        let occupied = spans.reduce(0) { $0 + ($1.upper - $1.lower) }
        let gap = (last.upper - first.lower - occupied) / Double(units.count - 1)
        var lower = first.upper + gap
        var moved = [Emoji]()
        for index in order.dropFirst().dropLast() {
            let span = spans[index]
            moved += units[index].moved(by: axis.vector(lower - span.lower))
            lower += span.upper - span.lower + gap
        }
        return moved
    }

    /// Emojis that move together: a group's given members, or one emoji.
    private struct Unit {
        var members: [Emoji]
        /// The union of the members' bounding boxes.
        var frame: DocumentRect

        init(_ emoji: Emoji) {
            members = [emoji]
            frame = emoji.boundingBox
        }

        /// The units of `emojis`, in the order each first appears.
        static func units(of emojis: [Emoji]) -> [Unit] {
            var units = [Unit]()
            var groupIndex = [String: Int]()
            for emoji in emojis {
                guard let group = emoji.group else {
                    units.append(Unit(emoji))
                    continue
                }
                if let index = groupIndex[group] {
                    units[index].members.append(emoji)
                    units[index].frame = units[index].frame.union(emoji.boundingBox)
                } else {
                    groupIndex[group] = units.count
                    units.append(Unit(emoji))
                }
            }
            return units
        }

        /// The members moved by `offset`; none when the offset is within `tolerance`.
        func moved(by offset: DocumentVector) -> [Emoji] {
            guard abs(offset.dx) > tolerance || abs(offset.dy) > tolerance else { return [] }
            return members.map { emoji in
                var moved = emoji
                moved.position = emoji.position.offset(by: offset)
                return moved
            }
        }
    }
}

extension DistributionAxis {
    /// The frame's extent along this axis.
    fileprivate func span(of frame: DocumentRect) -> (lower: Double, upper: Double) {
        switch self {
        case .horizontal: (frame.minX, frame.maxX)
        case .vertical: (frame.minY, frame.maxY)
        }
    }

    /// A move of `distance` along this axis.
    fileprivate func vector(_ distance: Double) -> DocumentVector {
        switch self {
        case .horizontal: DocumentVector(dx: distance, dy: 0)
        case .vertical: DocumentVector(dx: 0, dy: distance)
        }
    }
}
