import EmojiArtCore

/// Snapping (R1) the plain way: every target line looked at on every frame of a drag. The
/// reference `SnapTargets` must agree with (its tests) and beat (the benchmark's snap row).
public struct LinearSnapScan {
    private struct Line {
        var position: Double
        var extent: ClosedRange<Double>
    }

    private var vertical: [Line] = []
    private var horizontal: [Line] = []

    /// The same targets `SnapTargets(frames:background:visibleRect:)` takes.
    public init(frames: [DocumentRect], background: DocumentRect?, visibleRect: DocumentRect) {
        let origin = DocumentRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        for frame in frames.filter({ $0.intersects(visibleRect) }) + [background, origin].compactMap({ $0 }) {
            for x in [frame.minX, (frame.minX + frame.maxX) / 2, frame.maxX] {
                vertical.append(Line(position: x, extent: frame.minY...frame.maxY))
            }
            for y in [frame.minY, (frame.minY + frame.maxY) / 2, frame.maxY] {
                horizontal.append(Line(position: y, extent: frame.minX...frame.maxX))
            }
        }
    }

    /// Lines closer than this are one line, as in `SnapTargets`.
    private static let coincidence = 1e-6

    public func snap(_ frame: DocumentRect, edges: SnapEdges, tolerance: Double) -> SnapResult {
        let xs = [(SnapEdges.left, frame.minX), (.center, (frame.minX + frame.maxX) / 2), (.right, frame.maxX)]
            .filter { edges.contains($0.0) }.map(\.1)
        let ys = [(SnapEdges.top, frame.minY), (.middle, (frame.minY + frame.maxY) / 2), (.bottom, frame.maxY)]
            .filter { edges.contains($0.0) }.map(\.1)
        let dx = Self.nearestMove(of: xs, to: vertical, tolerance: tolerance)
        let dy = Self.nearestMove(of: ys, to: horizontal, tolerance: tolerance)
        let (moveX, moveY) = (dx ?? 0, dy ?? 0)
        var guides: [SnapGuide] = []
        let alongY = (frame.minY + moveY)...(frame.maxY + moveY)
        let alongX = (frame.minX + moveX)...(frame.maxX + moveX)
        if dx != nil { guides += Self.guides(.vertical, at: xs.map { $0 + moveX }, lines: vertical, reaching: alongY) }
        if dy != nil { guides += Self.guides(.horizontal, at: ys.map { $0 + moveY }, lines: horizontal, reaching: alongX) }
        return SnapResult(correction: DocumentVector(dx: moveX, dy: moveY), guides: guides)
    }

    /// The shortest move onto a line within `tolerance`; of two as long, the one left or up.
    private static func nearestMove(of values: [Double], to lines: [Line], tolerance: Double) -> Double? {
        var best: Double?
        for value in values {
            for line in lines {
                let move = line.position - value
                guard abs(move) <= tolerance else { continue }
                if let current = best, (abs(current), current) <= (abs(move), move) { continue }
                best = move
            }
        }
        return best
    }

    private static func guides(
        _ orientation: SnapGuide.Orientation, at values: [Double], lines: [Line], reaching frameExtent: ClosedRange<Double>
    ) -> [SnapGuide] {
        var guides: [SnapGuide] = []
        for value in values {
            var position = Double.infinity
            var span = frameExtent
            for line in lines where abs(line.position - value) <= coincidence {
                position = min(position, line.position)
                span = min(span.lowerBound, line.extent.lowerBound)...max(span.upperBound, line.extent.upperBound)
            }
            guard position.isFinite, !guides.contains(where: { $0.position == position }) else { continue }
            guides.append(SnapGuide(orientation: orientation, position: position, span: span))
        }
        return guides
    }
}
