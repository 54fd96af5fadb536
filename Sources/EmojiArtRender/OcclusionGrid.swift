/// Which parts of a frame are already hidden under opaque emoji pixels, on a coarse grid, so a
/// frame painted from the top of the stack down can skip emojis nothing of which would show
/// (a 100,000-emoji document has ~80 layers of emojis on a 1920 × 1080 view).
///
/// A cell is covered once every one of its pixels lies under an opaque run of one emoji above;
/// an emoji is hidden when every cell its ink touches is covered. Both tests are conservative,
/// so skipping a hidden emoji changes no pixel: OVER with an opaque source ignores what was below.
struct OcclusionGrid {
    /// Cell side in device pixels: small enough that a 40 px emoji covers whole cells, large
    /// enough that testing one costs a few dozen loads.
    static let cellSide = 8

    private let width: Int
    private let height: Int
    private let columns: Int
    private let rows: Int
    private var covered: [Bool]
    /// Cells still uncovered; at zero every later (lower) emoji is hidden.
    private(set) var uncoveredCount: Int

    /// A grid over a frame of `width` × `height` device pixels, nothing covered.
    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        columns = (self.width + Self.cellSide - 1) / Self.cellSide
        rows = (self.height + Self.cellSide - 1) / Self.cellSide
        covered = Array(repeating: false, count: columns * rows)
        uncoveredCount = columns * rows
    }

    /// Whether every pixel of the frame is covered.
    var isFull: Bool { uncoveredCount == 0 }

    /// Whether a raster placed with its top-left corner at (`left`, `top`) would show nowhere.
    func hides(_ raster: RasterRows, left: Int, top: Int) -> Bool {
        hides(raster, side: raster.rowCount, left: left, top: top + raster.firstRow)
    }

    /// Marks the cells that the raster's opaque runs, its top-left corner at (`left`, `top`), cover wholly.
    mutating func cover(with raster: RasterRows, left: Int, top: Int) {
        cover(with: raster, side: raster.rowCount, left: left, top: top + raster.firstRow)
    }

    /// Whether the `side` rows kept of a raster, the first at `top`, would show nowhere.
    private func hides(_ raster: RasterRows, side: Int, left: Int, top: Int) -> Bool {
        let firstRow = max(0, top)
        let endRow = min(height, top + side)
        guard firstRow < endRow else { return true }
        var cellRow = firstRow / Self.cellSide
        while cellRow * Self.cellSide < endRow {
            let rowStart = max(firstRow, cellRow * Self.cellSide)
            let rowEnd = min(endRow, (cellRow + 1) * Self.cellSide)
            // The ink of the raster rows inside this band of cells.
            var inkStart = Int32.max
            var inkEnd = Int32.min
            for y in rowStart..<rowEnd {
                let span = raster.ink[y - top]
                guard !span.isEmpty else { continue }
                inkStart = min(inkStart, span.start)
                inkEnd = max(inkEnd, span.end)
            }
            if inkStart < inkEnd {
                let x0 = max(0, left + Int(inkStart))
                let x1 = min(width, left + Int(inkEnd))
                if x0 < x1 {
                    let base = cellRow * columns
                    for column in (x0 / Self.cellSide)...((x1 - 1) / Self.cellSide) where !covered[base + column] {
                        return false
                    }
                }
            }
            cellRow += 1
        }
        return true
    }

    /// Whether a box of device pixels [x0, x1) × [y0, y1) lies wholly in covered cells.
    func hides(x0: Int, y0: Int, x1: Int, y1: Int) -> Bool {
        let left = max(0, x0)
        let top = max(0, y0)
        let right = min(width, x1)
        let bottom = min(height, y1)
        guard left < right, top < bottom else { return true }
        for cellRow in (top / Self.cellSide)...((bottom - 1) / Self.cellSide) {
            let base = cellRow * columns
            for column in (left / Self.cellSide)...((right - 1) / Self.cellSide) where !covered[base + column] {
                return false
            }
        }
        return true
    }

    /// Marks the cells wholly inside the rectangle [x0, x1) × [y0, y1), known to be opaque.
    mutating func cover(x0: Int, y0: Int, x1: Int, y1: Int) {
        guard x0 < x1, y0 < y1 else { return }
        let firstRow = max(0, (y0 + Self.cellSide - 1) / Self.cellSide)
        let firstColumn = max(0, (x0 + Self.cellSide - 1) / Self.cellSide)
        var cellRow = firstRow
        while cellRow < rows, min(height, (cellRow + 1) * Self.cellSide) <= y1 {
            var column = firstColumn
            while column < columns, min(width, (column + 1) * Self.cellSide) <= x1 {
                if !covered[cellRow * columns + column] {
                    covered[cellRow * columns + column] = true
                    uncoveredCount -= 1
                }
                column += 1
            }
            cellRow += 1
        }
    }

    /// Marks the cells that `spans` — opaque for sure, row after row from `top`, in columns from
    /// `left` — cover wholly.
    mutating func cover(opaqueSpans spans: [RasterRows.Span], left: Int, top: Int) {
        spans.withUnsafeBufferPointer { cover(opaque: $0, side: spans.count, left: left, top: top) }
    }

    /// Marks the cells that the `side` rows kept of a raster, the first at `top`, cover wholly.
    private mutating func cover(with raster: RasterRows, side: Int, left: Int, top: Int) {
        cover(opaque: UnsafeBufferPointer(raster.opaque), side: side, left: left, top: top)
    }

    /// Marks the cells that `side` rows of opaque spans, the first at `top`, cover wholly.
    private mutating func cover(opaque: UnsafeBufferPointer<RasterRows.Span>, side: Int, left: Int, top: Int) {
        let firstRow = max(0, top)
        let endRow = min(height, top + side)
        guard firstRow < endRow else { return }
        var cellRow = firstRow / Self.cellSide
        while cellRow * Self.cellSide < endRow {
            let rowStart = cellRow * Self.cellSide
            let rowEnd = min(height, rowStart + Self.cellSide)
            defer { cellRow += 1 }
            // Every frame row of the cell must lie inside the raster.
            guard rowStart >= top, rowEnd <= top + side else { continue }
            var opaqueStart = Int32.min
            var opaqueEnd = Int32.max
            for y in rowStart..<rowEnd {
                let span = opaque[y - top]
                opaqueStart = max(opaqueStart, span.start)
                opaqueEnd = min(opaqueEnd, span.end)
            }
            guard opaqueStart < opaqueEnd else { continue }
            let x0 = left + Int(opaqueStart)
            let x1 = left + Int(opaqueEnd)
            // Whole cells inside [x0, x1); a cell cut by the frame's right edge counts when its
            // visible part is inside.
            var column = max(0, (x0 + Self.cellSide - 1) / Self.cellSide)
            let base = cellRow * columns
            while column < columns {
                let cellEnd = min(width, (column + 1) * Self.cellSide)
                guard cellEnd <= x1 else { break }
                if !covered[base + column] {
                    covered[base + column] = true
                    uncoveredCount -= 1
                }
                column += 1
            }
        }
    }
}
