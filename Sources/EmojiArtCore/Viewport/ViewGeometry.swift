/// A point in view coordinates: logical pixels from the canvas's top-left corner, x right,
/// y down. The app's pointer positions arrive in this space.
public struct ViewPoint: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double

    /// The point `x` pixels right of and `y` pixels below the canvas's top-left corner.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The canvas's top-left corner.
    public static let zero = ViewPoint(x: 0, y: 0)

    /// This point moved by `vector`.
    public func offset(by vector: ViewVector) -> ViewPoint {
        ViewPoint(x: x + vector.dx, y: y + vector.dy)
    }

    /// The vector that leads from `origin` to this point.
    public func vector(from origin: ViewPoint) -> ViewVector {
        ViewVector(dx: x - origin.x, dy: y - origin.y)
    }
}

/// A displacement in view coordinates (logical pixels), such as a drag's translation or a pan.
public struct ViewVector: Hashable, Sendable, Codable {
    public var dx: Double
    public var dy: Double

    /// A displacement of `dx` pixels right and `dy` pixels down.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// No displacement.
    public static let zero = ViewVector(dx: 0, dy: 0)

    /// Whether both components are finite numbers; gesture input that is not is ignored.
    public var isFinite: Bool { dx.isFinite && dy.isFinite }

    /// How long the displacement is, in pixels.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// Both displacements, one after the other.
    public static func + (lhs: ViewVector, rhs: ViewVector) -> ViewVector {
        ViewVector(dx: lhs.dx + rhs.dx, dy: lhs.dy + rhs.dy)
    }

    /// The displacement that leads from `rhs` to `lhs`.
    public static func - (lhs: ViewVector, rhs: ViewVector) -> ViewVector {
        ViewVector(dx: lhs.dx - rhs.dx, dy: lhs.dy - rhs.dy)
    }

    /// The displacement stretched by `scale` in both directions.
    public static func * (vector: ViewVector, scale: Double) -> ViewVector {
        ViewVector(dx: vector.dx * scale, dy: vector.dy * scale)
    }

    /// The same distance the opposite way.
    public static prefix func - (vector: ViewVector) -> ViewVector {
        ViewVector(dx: -vector.dx, dy: -vector.dy)
    }
}

/// The size of the canvas in logical pixels.
public struct ViewSize: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double

    /// A canvas `width` pixels wide and `height` pixels high.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The view's centre, where the document origin sits when the pan is zero (SPEC M1).
    public var center: ViewPoint { ViewPoint(x: width / 2, y: height / 2) }

    /// Whether the view has room to show anything: both sides positive and finite. GTK
    /// allocates a zero size before the first layout.
    public var isDrawable: Bool {
        width > 0 && height > 0 && width.isFinite && height.isFinite
    }
}

/// An axis-aligned rectangle in view pixels, e.g. the selection frame or a rubber band.
public struct ViewRect: Hashable, Sendable {
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

    /// The rectangle spanned by two corners in any order (a rubber band dragged any way).
    public init(corner: ViewPoint, opposite: ViewPoint) {
        self.init(
            minX: min(corner.x, opposite.x), minY: min(corner.y, opposite.y),
            maxX: max(corner.x, opposite.x), maxY: max(corner.y, opposite.y))
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: ViewPoint { ViewPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    public func insetBy(_ amount: Double) -> ViewRect {
        ViewRect(minX: minX + amount, minY: minY + amount, maxX: maxX - amount, maxY: maxY - amount)
    }
}
