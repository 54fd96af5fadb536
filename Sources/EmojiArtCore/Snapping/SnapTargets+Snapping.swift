/// Snapping one frame of a drag (R1): a binary search per line of the frame, so a drag over
/// 10,000 emojis stays far inside its 1 ms.
extension SnapTargets {
    /// Where `frame` should go to snap, and the guides to show there. Each axis snaps on its
    /// own: of the lines `edges` names on it, the one nearest a target's line within `tolerance`
    /// (document points; see `tolerance(atZoom:)`) moves the frame onto that line. Of two
    /// equally near, the smaller move left or up wins, so a frame never flickers between them.
    /// A guide shows for each of the frame's lines that then lies on a target's line.
    public func snap(_ frame: DocumentRect, edges: SnapEdges = .all, tolerance: Double) -> SnapResult {
        guard frame.isSnappable else { return .none }
        let dx = Self.nearestOffset(for: edges.verticalLines(of: frame), in: verticalLines, tolerance: tolerance)
        let dy = Self.nearestOffset(for: edges.horizontalLines(of: frame), in: horizontalLines, tolerance: tolerance)
        let correction = DocumentVector(dx: dx ?? 0, dy: dy ?? 0)
        let snapped = frame.offset(by: correction)
        var guides: [SnapGuide] = []
        if dx != nil { guides += verticalGuides(for: snapped, edges: edges) }
        if dy != nil { guides += horizontalGuides(for: snapped, edges: edges) }
        return SnapResult(correction: correction, guides: guides)
    }

    /// The smallest of the moves that put one of `values` on a line within `tolerance`.
    static func nearestOffset(for values: [Double], in lines: SnapLines, tolerance: Double) -> Double? {
        values.compactMap { lines.offset(toNearest: $0, within: tolerance) }.min(by: isPreferred)
    }

    /// Whether a move of `first` is preferred to one of `second`: the shorter, and of two as
    /// long the one left or up.
    static func isPreferred(_ first: Double, over second: Double) -> Bool {
        (abs(first), first) < (abs(second), second)
    }

    /// Guides for the vertical lines `edges` names on `frame` that lie on a target's line, each
    /// reaching from the frame to the farthest target on it.
    func verticalGuides(for frame: DocumentRect, edges: SnapEdges) -> [SnapGuide] {
        Self.guides(.vertical, at: edges.verticalLines(of: frame), in: verticalLines, frameExtent: frame.minY...frame.maxY)
    }

    /// Guides for the horizontal lines `edges` names on `frame` that lie on a target's line.
    func horizontalGuides(for frame: DocumentRect, edges: SnapEdges) -> [SnapGuide] {
        Self.guides(.horizontal, at: edges.horizontalLines(of: frame), in: horizontalLines, frameExtent: frame.minX...frame.maxX)
    }

    private static func guides(
        _ orientation: SnapGuide.Orientation, at values: [Double], in lines: SnapLines, frameExtent: ClosedRange<Double>
    ) -> [SnapGuide] {
        var guides: [SnapGuide] = []
        for value in values {
            // A frame too thin to tell its lines apart lies on one target line with several.
            guard let line = lines.line(at: value), !guides.contains(where: { $0.position == line.position }) else { continue }
            guides.append(SnapGuide(orientation: orientation, position: line.position, span: line.extent.joined(with: frameExtent)))
        }
        return guides
    }
}

extension DocumentRect {
    /// The same rectangle moved by `vector`.
    public func offset(by vector: DocumentVector) -> DocumentRect {
        DocumentRect(minX: minX + vector.dx, minY: minY + vector.dy, maxX: maxX + vector.dx, maxY: maxY + vector.dy)
    }
}
