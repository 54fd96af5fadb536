/// What tests read from a screenshot: where drawn things are, how many pixels of a kind a region
/// holds, how dark a button's icon is.
extension Screenshot {
    /// The smallest rectangle holding every pixel of `region` that matches `isInk`, or nil.
    func boundingBox(in region: ScreenRect, where isInk: (RGB) -> Bool) -> ScreenRect? {
        let region = region.intersection(bounds)
        var box: ScreenRect?
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX where isInk(self[x, y]) {
                if var found = box {
                    found.minX = min(found.minX, x)
                    found.maxX = max(found.maxX, x + 1)
                    found.minY = min(found.minY, y)
                    found.maxY = max(found.maxY, y + 1)
                    box = found
                } else {
                    box = ScreenRect(x: x, y: y, width: 1, height: 1)
                }
            }
        }
        return box
    }

    /// Where something is drawn on the white canvas within `region`: the box of its non-white
    /// pixels. Anti-aliased edges that are almost white are left out, so the box does not grow
    /// by a pixel of faint fringe from one rendering to the next.
    func drawnBox(in region: ScreenRect) -> ScreenRect? {
        boundingBox(in: region) { $0.luminance < 240 || $0.chroma > 24 }
    }

    /// `drawnBox(in:)` with the pixels of `excluded` (a control floating over the canvas) left out.
    func drawnBox(in region: ScreenRect, excluding excluded: ScreenRect) -> ScreenRect? {
        let left = ScreenRect(minX: region.minX, minY: region.minY, maxX: excluded.minX, maxY: region.maxY)
        let above = ScreenRect(minX: region.minX, minY: region.minY, maxX: region.maxX, maxY: excluded.minY)
        let boxes = [left, above].compactMap { drawnBox(in: $0.intersection(region)) }
        guard let first = boxes.first else { return nil }
        return boxes.dropFirst().reduce(first) { box, other in
            ScreenRect(
                minX: min(box.minX, other.minX), minY: min(box.minY, other.minY), maxX: max(box.maxX, other.maxX),
                maxY: max(box.maxY, other.maxY))
        }
    }

    /// How many pixels of `region` match `predicate`.
    func count(in region: ScreenRect, where predicate: (RGB) -> Bool) -> Int {
        let region = region.intersection(bounds)
        var count = 0
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX where predicate(self[x, y]) {
                count += 1
            }
        }
        return count
    }

    /// Whether `region` looks the same in both screenshots.
    func matches(_ other: Screenshot, in region: ScreenRect) -> Bool {
        let region = region.intersection(bounds)
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX where self[x, y] != other[x, y] {
                return false
            }
        }
        return true
    }
}

extension RGB {
    /// The accent blue of the selection mark and the drop highlight (#3584e4, Adwaita's accent),
    /// also when drawn at 90 % over white.
    var isAccentBlue: Bool {
        Int(blue) > 190 && Int(blue) - Int(red) > 110 && (100...170).contains(Int(green))
    }
}
