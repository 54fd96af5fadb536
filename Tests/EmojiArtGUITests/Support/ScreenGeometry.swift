/// A pixel on the X screen (root window coordinates), where xdotool moves the pointer and
/// screenshots are taken.
struct ScreenPoint: Hashable, Sendable, CustomStringConvertible {
    var x: Int
    var y: Int

    func offset(dx: Int, dy: Int) -> ScreenPoint {
        ScreenPoint(x: x + dx, y: y + dy)
    }

    var description: String { "(\(x), \(y))" }
}

/// A rectangle of screen pixels: `minX..<maxX` × `minY..<maxY`.
struct ScreenRect: Hashable, Sendable, CustomStringConvertible {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    var width: Int { maxX - minX }
    var height: Int { maxY - minY }
    var midX: Double { Double(minX + maxX) / 2 }
    var midY: Double { Double(minY + maxY) / 2 }
    var center: ScreenPoint { ScreenPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    func insetBy(_ amount: Int) -> ScreenRect {
        ScreenRect(minX: minX + amount, minY: minY + amount, maxX: maxX - amount, maxY: maxY - amount)
    }

    func offset(dx: Int, dy: Int) -> ScreenRect {
        ScreenRect(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    func intersection(_ other: ScreenRect) -> ScreenRect {
        ScreenRect(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: max(min(maxX, other.maxX), max(minX, other.minX)),
            maxY: max(min(maxY, other.maxY), max(minY, other.minY)))
    }

    func contains(_ point: ScreenPoint) -> Bool {
        (minX..<maxX).contains(point.x) && (minY..<maxY).contains(point.y)
    }

    var description: String { "x \(minX)..<\(maxX), y \(minY)..<\(maxY)" }
}
