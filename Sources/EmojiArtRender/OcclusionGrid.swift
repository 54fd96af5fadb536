/// Which parts of a frame are already hidden under opaque emoji pixels, on a coarse grid, so a
/// frame painted from the top of the stack down can skip emojis nothing of which would show
/// (a 100,000-emoji document has ~80 layers of emojis on a 1920 × 1080 view).
///
/// A cell is covered once every one of its pixels lies under an opaque run of one emoji above;
/// an emoji is hidden when every cell its ink touches is covered. Both tests are conservative,
/// so skipping a hidden emoji changes no pixel: OVER with an opaque source ignores what was below.
struct OcclusionGrid {
    /// Cell side in device pixels: small enough that a 40 px emoji covers whole cells, large
    /// enough that testing one costs a few dozen loads. The C painter skips hidden cells of
    /// this side (`emojiart_paint_job.hidden`).
    static let cellSide = 8

    /// The frame in the grid's coordinates, which are the frame's moved by (`frameLeft`,
    /// `frameTop`) so that cells start at multiples of `cellSide`.
    private let frameLeft: Int
    private let frameTop: Int
    private let frameRight: Int
    private let frameBottom: Int
    private let columns: Int
    private let rows: Int
    private var covered: [Bool]
    /// Cells still uncovered; at zero every later (lower) emoji is hidden.
    private(set) var uncoveredCount: Int

    /// A grid over a frame of `width` × `height` device pixels, nothing covered, whose cells'
    /// corners lie at `cellOrigin` and every `cellSide` pixels from it. Two frames of different
    /// sizes whose grids share their centre as a cell origin cover and hide alike (a launch plans
    /// its first frame at the window's size, the canvas paints it at its own).
    init(width: Int, height: Int, cellOrigin: (x: Int, y: Int) = (0, 0)) {
        let shift = { (origin: Int) in (Self.cellSide - (origin % Self.cellSide + Self.cellSide) % Self.cellSide) % Self.cellSide }
        frameLeft = shift(cellOrigin.x)
        frameTop = shift(cellOrigin.y)
        frameRight = frameLeft + max(0, width)
        frameBottom = frameTop + max(0, height)
        columns = (frameRight + Self.cellSide - 1) / Self.cellSide
        rows = (frameBottom + Self.cellSide - 1) / Self.cellSide
        let cells = width > 0 && height > 0 ? columns * rows : 0
        covered = Array(repeating: false, count: cells)
        uncoveredCount = cells
    }

    /// Whether every pixel of the frame is covered.
    var isFull: Bool { uncoveredCount == 0 }

    /// Whether a raster placed with its top-left corner at (`left`, `top`) would show nowhere.
    func hides(_ raster: RasterRows, left: Int, top: Int) -> Bool {
        hides(ink: UnsafeBufferPointer(raster.ink), side: raster.rowCount, left: left + frameLeft, top: top + raster.firstRow + frameTop)
    }

    /// Whether an emoji whose raster, its top-left corner at (`left`, `top`), holds ink only in
    /// rows `inkRows` and, for each band of them, in columns `inkColumns(band)` (raster
    /// coordinates; nil: none) would show nowhere.
    func hides(inkRows: Range<Int>, left: Int, top: Int, inkColumns: (Range<Int>) -> Range<Int>?) -> Bool {
        let top = top + frameTop
        let firstRow = max(frameTop, top + inkRows.lowerBound)
        let endRow = min(frameBottom, top + inkRows.upperBound)
        guard firstRow < endRow else { return true }
        var cellRow = firstRow / Self.cellSide
        while cellRow * Self.cellSide < endRow {
            let rowStart = max(firstRow, cellRow * Self.cellSide)
            let rowEnd = min(endRow, (cellRow + 1) * Self.cellSide)
            if let columns = inkColumns((rowStart - top)..<(rowEnd - top)) {
                let x0 = max(frameLeft, left + frameLeft + columns.lowerBound)
                let x1 = min(frameRight, left + frameLeft + columns.upperBound)
                if x0 < x1 {
                    let base = cellRow * self.columns
                    for column in (x0 / Self.cellSide)...((x1 - 1) / Self.cellSide) where !covered[base + column] {
                        return false
                    }
                }
            }
            cellRow += 1
        }
        return true
    }

    /// Marks the cells that the raster's opaque runs, its top-left corner at (`left`, `top`), cover wholly.
    mutating func cover(with raster: RasterRows, left: Int, top: Int) {
        cover(with: raster, side: raster.rowCount, left: left + frameLeft, top: top + raster.firstRow + frameTop)
    }

    /// The first cell, along an axis, whose part inside the frame (from `frameStart`) starts at
    /// or after `start`.
    private static func firstCell(from start: Int, frameStart: Int) -> Int {
        start <= frameStart ? 0 : (start + cellSide - 1) / cellSide
    }

    /// Whether `side` rows of ink spans, the first at `top`, would show nowhere.
    private func hides(ink: UnsafeBufferPointer<RasterRows.Span>, side: Int, left: Int, top: Int) -> Bool {
        let firstRow = max(frameTop, top)
        let endRow = min(frameBottom, top + side)
        guard firstRow < endRow else { return true }
        var cellRow = firstRow / Self.cellSide
        while cellRow * Self.cellSide < endRow {
            let rowStart = max(firstRow, cellRow * Self.cellSide)
            let rowEnd = min(endRow, (cellRow + 1) * Self.cellSide)
            // The ink of the raster rows inside this band of cells.
            var inkStart = Int32.max
            var inkEnd = Int32.min
            for y in rowStart..<rowEnd {
                let span = ink[y - top]
                guard !span.isEmpty else { continue }
                inkStart = min(inkStart, span.start)
                inkEnd = max(inkEnd, span.end)
            }
            if inkStart < inkEnd {
                let x0 = max(frameLeft, left + Int(inkStart))
                let x1 = min(frameRight, left + Int(inkEnd))
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
        let left = max(frameLeft, x0 + frameLeft)
        let top = max(frameTop, y0 + frameTop)
        let right = min(frameRight, x1 + frameLeft)
        let bottom = min(frameBottom, y1 + frameTop)
        guard left < right, top < bottom else { return true }
        for cellRow in (top / Self.cellSide)...((bottom - 1) / Self.cellSide) {
            let base = cellRow * columns
            for column in (left / Self.cellSide)...((right - 1) / Self.cellSide) where !covered[base + column] {
                return false
            }
        }
        return true
    }

    /// Which cells over the box [x0, x1) × [y0, y1) of device pixels are covered, for a painter
    /// that skips the pixels of a turned or scaled emoji the emojis above will hide; nil when
    /// none is.
    func coveredCells(x0: Int, y0: Int, x1: Int, y1: Int) -> CoveredCells? {
        let left = max(frameLeft, x0 + frameLeft)
        let top = max(frameTop, y0 + frameTop)
        let right = min(frameRight, x1 + frameLeft)
        let bottom = min(frameBottom, y1 + frameTop)
        guard left < right, top < bottom else { return nil }
        let (firstColumn, firstRow) = (left / Self.cellSide, top / Self.cellSide)
        let width = (right - 1) / Self.cellSide - firstColumn + 1
        let height = (bottom - 1) / Self.cellSide - firstRow + 1
        var cells = [UInt8](repeating: 0, count: width * height)
        var anyCovered = false
        for row in 0..<height {
            let base = (firstRow + row) * columns + firstColumn
            for column in 0..<width where covered[base + column] {
                cells[row * width + column] = 1
                anyCovered = true
            }
        }
        guard anyCovered else { return nil }
        return CoveredCells(
            cells: cells, columns: width, rows: height, left: firstColumn * Self.cellSide - frameLeft,
            top: firstRow * Self.cellSide - frameTop)
    }

    /// Marks the cells wholly inside the rectangle [x0, x1) × [y0, y1), known to be opaque.
    mutating func cover(x0: Int, y0: Int, x1: Int, y1: Int) {
        let (x0, y0, x1, y1) = (x0 + frameLeft, y0 + frameTop, x1 + frameLeft, y1 + frameTop)
        guard x0 < x1, y0 < y1 else { return }
        let firstRow = Self.firstCell(from: y0, frameStart: frameTop)
        let firstColumn = Self.firstCell(from: x0, frameStart: frameLeft)
        var cellRow = firstRow
        while cellRow < rows, min(frameBottom, (cellRow + 1) * Self.cellSide) <= y1 {
            var column = firstColumn
            while column < columns, min(frameRight, (column + 1) * Self.cellSide) <= x1 {
                if !covered[cellRow * columns + column] {
                    covered[cellRow * columns + column] = true
                    uncoveredCount -= 1
                }
                column += 1
            }
            cellRow += 1
        }
    }

    /// Marks the cells an emoji covers wholly whose raster, its top-left corner at (`left`,
    /// `top`), is opaque for sure, in each band of rows within `opaqueRows`, in columns
    /// `opaqueColumns(band)` (raster coordinates; nil: none).
    mutating func cover(opaqueRows: Range<Int>, left: Int, top: Int, opaqueColumns: (Range<Int>) -> Range<Int>?) {
        let top = top + frameTop
        let firstRow = max(frameTop, top + opaqueRows.lowerBound)
        let endRow = min(frameBottom, top + opaqueRows.upperBound)
        guard firstRow < endRow else { return }
        var cellRow = firstRow / Self.cellSide
        while cellRow * Self.cellSide < endRow {
            let rowStart = max(frameTop, cellRow * Self.cellSide)
            let rowEnd = min(frameBottom, cellRow * Self.cellSide + Self.cellSide)
            defer { cellRow += 1 }
            // Every frame row of the cell must lie inside the rows.
            guard rowStart >= top + opaqueRows.lowerBound, rowEnd <= top + opaqueRows.upperBound,
                let opaque = opaqueColumns((rowStart - top)..<(rowEnd - top))
            else { continue }
            coverCells(inRow: cellRow, from: left + frameLeft + opaque.lowerBound, to: left + frameLeft + opaque.upperBound)
        }
    }

    /// Marks the cells that the `side` rows kept of a raster, the first at `top`, cover wholly.
    private mutating func cover(with raster: RasterRows, side: Int, left: Int, top: Int) {
        cover(opaque: UnsafeBufferPointer(raster.opaque), side: side, left: left, top: top)
    }

    /// Marks the cells that `side` rows of opaque spans, the first at `top`, cover wholly.
    private mutating func cover(opaque: UnsafeBufferPointer<RasterRows.Span>, side: Int, left: Int, top: Int) {
        let firstRow = max(frameTop, top)
        let endRow = min(frameBottom, top + side)
        guard firstRow < endRow else { return }
        var cellRow = firstRow / Self.cellSide
        while cellRow * Self.cellSide < endRow {
            let rowStart = max(frameTop, cellRow * Self.cellSide)
            let rowEnd = min(frameBottom, cellRow * Self.cellSide + Self.cellSide)
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
            coverCells(inRow: cellRow, from: left + Int(opaqueStart), to: left + Int(opaqueEnd))
        }
    }

    /// Marks the cells of `cellRow` wholly inside the columns [x0, x1) (the grid's coordinates);
    /// a cell cut by the frame's edge counts when its visible part is inside.
    private mutating func coverCells(inRow cellRow: Int, from x0: Int, to x1: Int) {
        var column = Self.firstCell(from: x0, frameStart: frameLeft)
        let base = cellRow * columns
        while column < columns {
            let cellEnd = min(frameRight, (column + 1) * Self.cellSide)
            guard cellEnd <= x1 else { break }
            if !covered[base + column] {
                covered[base + column] = true
                uncoveredCount -= 1
            }
            column += 1
        }
    }
}

/// Covered cells of an `OcclusionGrid` over a box (`coveredCells`): `cells[row * columns +
/// column]` is 1 when the cell whose top-left pixel is (`left` + column · side, `top` + row ·
/// side) of the frame lies under opaque pixels of emojis above.
struct CoveredCells {
    var cells: [UInt8]
    var columns: Int
    var rows: Int
    var left: Int
    var top: Int
}
