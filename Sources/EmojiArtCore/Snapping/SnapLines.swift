/// One axis's candidate lines for snapping (R1), sorted once when a drag starts so each frame
/// of the drag finds its nearest line by binary search rather than by a scan of every target.
/// Lines that coincide are kept as one, reaching as far along the line as all of them together,
/// so a guide spans every target on it without looking the targets up again.
struct SnapLines: Sendable {
    /// One candidate line: a position on this axis, and how far the things on it reach along it.
    struct Line: Hashable, Sendable {
        var position: Double
        var extent: ClosedRange<Double>
    }

    /// Lines closer than this, in document points, are the same line: a frame moved onto a line
    /// lands within rounding of it (coordinates stay within ±10⁶, where a double's step is ~10⁻¹⁰),
    /// and at the largest zoom (20) this is 2 × 10⁻⁵ of a pixel.
    static let coincidence = 1e-6

    /// The lines' positions, ascending, apart from their extents so a search reads only these.
    private let positions: [Double]
    private let extents: [ClosedRange<Double>]

    /// Lines from `lines`, whose positions are all finite (`SnapTargets` keeps out any frame
    /// that is not).
    init(_ lines: consuming [Line]) {
        lines.sort { $0.position < $1.position }
        var positions: [Double] = []
        var extents: [ClosedRange<Double>] = []
        positions.reserveCapacity(lines.count)
        extents.reserveCapacity(lines.count)
        var groupStart = -Double.infinity
        for line in lines {
            if let last = extents.last, line.position - groupStart <= Self.coincidence {
                extents[extents.count - 1] = last.joined(with: line.extent)
            } else {
                groupStart = line.position
                positions.append(line.position)
                extents.append(line.extent)
            }
        }
        self.positions = positions
        self.extents = extents
    }

    /// How far `value` must move to sit on its nearest line, if that is at most `tolerance`
    /// away. Of two lines equally near, the lower one wins (a negative offset), so the same
    /// frame always snaps the same way.
    func offset(toNearest value: Double, within tolerance: Double) -> Double? {
        guard value.isFinite, tolerance >= 0 else { return nil }
        let index = firstIndex(atOrAbove: value)
        let below = index > 0 ? positions[index - 1] - value : nil
        let above = index < positions.count ? positions[index] - value : nil
        let nearest: Double? =
            switch (below, above) {
            case (let below?, let above?): -below <= above ? below : above
            case (let below?, nil): below
            case (nil, let above?): above
            case (nil, nil): nil
            }
        guard let nearest, abs(nearest) <= tolerance else { return nil }
        return nearest
    }

    /// The line `value` lies on, within `coincidence`.
    func line(at value: Double) -> Line? {
        guard value.isFinite else { return nil }
        let index = firstIndex(atOrAbove: value - Self.coincidence)
        guard index < positions.count, positions[index] <= value + Self.coincidence else { return nil }
        return Line(position: positions[index], extent: extents[index])
    }

    /// The index of the first line at or above `value` (`count` when there is none).
    private func firstIndex(atOrAbove value: Double) -> Int {
        var low = 0
        var high = positions.count
        while low < high {
            let middle = (low + high) / 2
            if positions[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension ClosedRange<Double> {
    /// The smallest range holding both: how far along a line two things on it reach together.
    func joined(with other: ClosedRange<Double>) -> ClosedRange<Double> {
        Swift.min(lowerBound, other.lowerBound)...Swift.max(upperBound, other.upperBound)
    }
}
