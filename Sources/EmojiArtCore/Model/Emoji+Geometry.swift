import Foundation

/// Geometry of a turned emoji: its square rotated by `rotation` about its centre (M3, S8).
/// Hit testing, bounds, fit and the rubber band all use these, so a rotated emoji is found
/// and framed where it is drawn.
extension Emoji {
    /// The square's four corners in document coordinates, clockwise from the top left as
    /// drawn (a flip mirrors the content, not the square, so it changes no corner).
    public var corners: [DocumentPoint] {
        let half = size / 2
        return [(-half, -half), (half, -half), (half, half), (-half, half)].map { x, y in
            rotated(DocumentVector(dx: x, dy: y))
        }
    }

    /// The axis-aligned box around the turned square.
    public var boundingBox: DocumentRect {
        guard rotation != 0 else { return frame }
        let radians = rotation * .pi / 180
        let half = size / 2 * (abs(cos(radians)) + abs(sin(radians)))
        return DocumentRect(center: position, size: DocumentSize(width: 2 * half, height: 2 * half))
    }

    /// Whether `point` lies inside the turned square.
    public func contains(_ point: DocumentPoint) -> Bool {
        let local = unrotated(DocumentVector(dx: point.x - position.x, dy: point.y - position.y))
        let half = size / 2
        return abs(local.dx) <= half && abs(local.dy) <= half
    }

    /// Whether the turned square meets `rect` (separating axes: the rectangle's two and the
    /// square's two).
    public func intersects(_ rect: DocumentRect) -> Bool {
        guard boundingBox.intersects(rect) else { return false }
        guard rotation != 0 else { return true }
        let rectCorners = [
            DocumentPoint(x: rect.minX, y: rect.minY), DocumentPoint(x: rect.maxX, y: rect.minY),
            DocumentPoint(x: rect.maxX, y: rect.maxY), DocumentPoint(x: rect.minX, y: rect.maxY),
        ]
        let half = size / 2
        // In the square's own frame it is [-half, half]²: the rectangle's corners must not all
        // lie beyond one of its sides.
        let local = rectCorners.map { unrotated(DocumentVector(dx: $0.x - position.x, dy: $0.y - position.y)) }
        if local.allSatisfy({ $0.dx > half }) || local.allSatisfy({ $0.dx < -half })
            || local.allSatisfy({ $0.dy > half }) || local.allSatisfy({ $0.dy < -half })
        {
            return false
        }
        return true
    }

    /// `offset` from the centre, turned by `rotation` (clockwise on screen, y down).
    func rotated(_ offset: DocumentVector) -> DocumentPoint {
        let radians = rotation * .pi / 180
        let (sine, cosine) = (sin(radians), cos(radians))
        return DocumentPoint(
            x: position.x + offset.dx * cosine - offset.dy * sine,
            y: position.y + offset.dx * sine + offset.dy * cosine)
    }

    private func unrotated(_ offset: DocumentVector) -> DocumentVector {
        let radians = -rotation * .pi / 180
        let (sine, cosine) = (sin(radians), cos(radians))
        return DocumentVector(dx: offset.dx * cosine - offset.dy * sine, dy: offset.dx * sine + offset.dy * cosine)
    }
}

extension Emoji {
    /// The same emoji moved by `offset`.
    public func moved(by offset: DocumentVector) -> Emoji {
        var moved = self
        moved.position = position.offset(by: offset)
        return moved
    }
}
