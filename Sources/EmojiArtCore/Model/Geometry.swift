/// A point in document coordinates (SPEC M1): the origin is the center of the canvas and of
/// the background image; x grows right, y grows down; one unit is one point at zoom 1.
public struct DocumentPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = DocumentPoint(x: 0, y: 0)

    public func offset(by vector: DocumentVector) -> DocumentPoint {
        DocumentPoint(x: x + vector.dx, y: y + vector.dy)
    }
}

/// A displacement in document coordinates.
public struct DocumentVector: Hashable, Sendable {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = DocumentVector(dx: 0, dy: 0)

    public static func + (lhs: DocumentVector, rhs: DocumentVector) -> DocumentVector {
        DocumentVector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    public static prefix func - (vector: DocumentVector) -> DocumentVector {
        DocumentVector(dx: -vector.dx, dy: -vector.dy)
    }
}

/// A size in document units (points at zoom 1), e.g. a background image's pixel size.
public struct DocumentSize: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in document coordinates.
public struct DocumentRect: Hashable, Sendable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// A rectangle of `size` centred on `center`.
    public init(center: DocumentPoint, size: DocumentSize) {
        self.init(
            minX: center.x - size.width / 2, minY: center.y - size.height / 2,
            maxX: center.x + size.width / 2, maxY: center.y + size.height / 2)
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: DocumentPoint { DocumentPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    public func contains(_ point: DocumentPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    public func intersects(_ other: DocumentRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    public func union(_ other: DocumentRect) -> DocumentRect {
        DocumentRect(
            minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
            maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }
}
