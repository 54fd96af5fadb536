/// A corner drag's scale after snapping (R1), and the guides to show with it.
public struct SnappedScale: Hashable, Sendable {
    /// The scale about the pivot to apply instead of the pointer's.
    public var scale: Double
    public var guides: [SnapGuide]

    public init(scale: Double, guides: [SnapGuide]) {
        self.scale = scale
        self.guides = guides
    }
}

/// Snapping a selection scaled by a corner handle (R1, S8). The scale is one number for both
/// axes (it keeps the emojis' proportions), so only one of the dragged corner's two edges can
/// decide it: the one that comes nearest a target line. The other may land on a line too.
extension SnapTargets {
    /// The scale closest to `scale` that puts one of `movingEdges` of `frame` — the selection's
    /// box when the drag began, scaled about `pivot` (the opposite corner) — on a target's line
    /// within `tolerance` (document points, measured where the edge would be at `scale`);
    /// `scale` itself, with no guides, when none is that near. An edge through the pivot does
    /// not move with the scale and so snaps nothing.
    public func snapScale(
        _ scale: Double, of frame: DocumentRect, about pivot: DocumentPoint, movingEdges: SnapEdges, tolerance: Double
    ) -> SnappedScale {
        guard frame.isSnappable, scale.isFinite, scale > 0 else { return SnappedScale(scale: scale, guides: []) }
        let scaled = frame.scaled(by: scale, about: pivot)
        let candidates =
            Self.scaleCandidates(
                from: movingEdges.verticalLines(of: frame), scaled: movingEdges.verticalLines(of: scaled),
                pivot: pivot.x, lines: verticalLines, tolerance: tolerance)
            + Self.scaleCandidates(
                from: movingEdges.horizontalLines(of: frame), scaled: movingEdges.horizontalLines(of: scaled),
                pivot: pivot.y, lines: horizontalLines, tolerance: tolerance)
        guard let best = candidates.min(by: { Self.isPreferred($0.offset, over: $1.offset) }) else {
            return SnappedScale(scale: scale, guides: [])
        }
        let snapped = frame.scaled(by: best.scale, about: pivot)
        return SnappedScale(
            scale: best.scale,
            guides: verticalGuides(for: snapped, edges: movingEdges) + horizontalGuides(for: snapped, edges: movingEdges))
    }

    /// For each edge (at `original` when the drag began, at `scaled` now) near a line: how far
    /// it is from it and the scale that puts it there.
    private static func scaleCandidates(
        from original: [Double], scaled: [Double], pivot: Double, lines: SnapLines, tolerance: Double
    ) -> [(offset: Double, scale: Double)] {
        zip(original, scaled).compactMap { original, scaled in
            let reach = original - pivot
            guard reach != 0, let offset = lines.offset(toNearest: scaled, within: tolerance) else { return nil }
            let scale = (scaled + offset - pivot) / reach
            // A line on the pivot's far side would turn the selection inside out.
            guard scale.isFinite, scale > 0 else { return nil }
            return (offset, scale)
        }
    }
}

extension DocumentRect {
    /// The rectangle scaled by `scale` (positive) about `pivot`.
    func scaled(by scale: Double, about pivot: DocumentPoint) -> DocumentRect {
        DocumentRect(
            minX: pivot.x + (minX - pivot.x) * scale, minY: pivot.y + (minY - pivot.y) * scale,
            maxX: pivot.x + (maxX - pivot.x) * scale, maxY: pivot.y + (maxY - pivot.y) * scale)
    }
}
