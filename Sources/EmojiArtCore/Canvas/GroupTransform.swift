import Foundation

/// A similarity transform applied to a group of emojis about a pivot (S8): scale, then turn
/// clockwise, optionally mirrored left–right first. Positions, sizes, rotations and flips all
/// follow, so a selection scales and turns as one picture.
public struct GroupTransform: Hashable, Sendable {
    public var pivot: DocumentPoint
    public var scale: Double = 1
    /// Degrees clockwise on screen.
    public var rotation: Double = 0
    /// Mirror left–right about the pivot's vertical line, before scaling and turning.
    public var mirrored = false

    public init(pivot: DocumentPoint, scale: Double = 1, rotation: Double = 0, mirrored: Bool = false) {
        self.pivot = pivot
        self.scale = scale
        self.rotation = rotation
        self.mirrored = mirrored
    }

    public func apply(to emoji: Emoji) -> Emoji {
        var result = emoji
        var offset = DocumentVector(dx: emoji.position.x - pivot.x, dy: emoji.position.y - pivot.y)
        if mirrored {
            // Mirroring M = T·R(r)·F^f gives T'·R(−r)·F^(f+1): the turn reverses, the flip toggles.
            offset.dx = -offset.dx
            result.rotation = -emoji.rotation
            result.flipped.toggle()
        }
        let radians = rotation * .pi / 180
        let (sine, cosine) = (sin(radians), cos(radians))
        result.position = DocumentPoint(
            x: pivot.x + scale * (offset.dx * cosine - offset.dy * sine),
            y: pivot.y + scale * (offset.dx * sine + offset.dy * cosine))
        result.size = emoji.size * scale
        result.rotation = result.rotation + rotation
        return result
    }

    public func apply(to emojis: [Emoji]) -> [Emoji] {
        emojis.map(apply(to:))
    }
}

extension Array where Element == Emoji {
    /// The union of the emojis' turned squares, or nil when empty.
    public var boundingBox: DocumentRect? {
        guard let first else { return nil }
        return dropFirst().reduce(first.boundingBox) { $0.union($1.boundingBox) }
    }
}
