import CPangoCairo
import CRenderKernels

/// One emoji rendered at one device pixel size: a square cairo ARGB32 image surface with the
/// glyph's laid-out box centred in it, plus what the direct painter needs to paint it fast.
///
/// The raster owns its surface and destroys it when the last reference goes: the cache dropping
/// it (eviction) never pulls it from under a frame that is still painting it.
public final class EmojiRaster {
    /// The cairo image surface (`cairo_surface_t *`).
    public let surface: OpaquePointer
    /// The emoji's height in device pixels that this raster was made for (its cache key).
    public let pixelSize: Int
    /// Side of the square surface in pixels: at least `pixelSize`, more when the glyph's laid-out
    /// box is wider than it is tall (Noto Color Emoji's box is about 1.05 times as wide as tall).
    public let side: Int
    /// Memory held by the surface's pixels and the runs, counted against the cache's capacity.
    public let byteCount: Int
    /// Each row's non-transparent pixels as runs, opaque (copied) or translucent (blended).
    let rows: RasterRows

    /// Takes over `surface`, a flushed ARGB32 image surface `side` pixels square.
    init(takingOwnershipOf surface: OpaquePointer, pixelSize: Int, side: Int) {
        self.surface = surface
        self.pixelSize = pixelSize
        self.side = side
        rows = RasterRows(surface: surface, side: side)
        byteCount = Int(cairo_image_surface_get_stride(surface)) * side + rows.byteCount
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}

/// A raster's rows, read once when it is made: runs for `emojiart_paint_runs`, and per row the
/// extent of its ink and its longest opaque run, for occlusion (`OcclusionGrid`). Only the rows
/// from the first to the last with ink are kept, and the runs start at the leftmost ink column,
/// so a job's box is the ink's bounding box (a turned emoji's empty corners cost nothing).
/// The buffers never move, so painter threads can read them through plain pointers while the
/// raster lives.
final class RasterRows {
    /// A half-open span of columns; empty when `start == end`.
    struct Span {
        var start: Int32
        var end: Int32
        var isEmpty: Bool { start >= end }
    }

    /// Row `r` here is row `firstRow + r` of the raster.
    let firstRow: Int
    /// Rows kept: from the first to the last with ink (0 for a blank raster).
    let rowCount: Int
    /// The leftmost and rightmost ink columns of any row, end exclusive; runs' `x` count from `inkColumns.start`.
    let inkColumns: Span
    /// The pixel base that runs' `pixel` indexes: the surface's data, or (packed) the ink's
    /// pixels run after run in `storage`, when the rows own a copy and the surface can go.
    let pixels: UnsafePointer<UInt32>?
    /// The runs, the rows' first runs and the packed pixels, in one block.
    private let storage: UnsafeMutableRawPointer
    private let storageByteCount: Int
    let runs: UnsafeMutableBufferPointer<emojiart_run>
    /// `runs[rowFirstRun[r] ..< rowFirstRun[r + 1]]` are row r's runs.
    let rowFirstRun: UnsafeMutableBufferPointer<Int32>
    /// From the first to the last non-transparent pixel of each row, in raster columns.
    let ink: UnsafeMutableBufferPointer<Span>
    /// The longest run of fully opaque pixels of each row, in raster columns.
    let opaque: UnsafeMutableBufferPointer<Span>

    /// The rows of `surface`, `side` pixels square; with `packing`, the runs' pixels are copied
    /// into a buffer of their own, one after the other, and the surface is no longer read.
    init(surface: OpaquePointer, side: Int, packing: Bool = false) {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface))
        var allRuns: [(row: Int, start: Int, length: Int, isOpaque: Bool)] = []
        var inkSpans = [Span](repeating: Span(start: 0, end: 0), count: side)
        var opaqueSpans = inkSpans
        var firstInkRow = side, lastInkRow = -1
        var inkLeft = Int32.max, inkRight = Int32.min
        var inkPixelCount = 0
        for row in 0..<side {
            guard let data else { break }
            var rowInk = Span(start: 0, end: 0)
            var longestOpaque = Span(start: 0, end: 0)
            let rowPixels = (data + row * stride).assumingMemoryBound(to: UInt32.self)
            var x = 0
            while x < side {
                let alpha = rowPixels[x] >> 24
                guard alpha != 0 else {
                    x += 1
                    continue
                }
                let isOpaque = alpha == 255
                let start = x
                while x < side, x - start < Int(UInt16.max) {
                    let next = rowPixels[x] >> 24
                    guard next != 0, (next == 255) == isOpaque else { break }
                    x += 1
                }
                allRuns.append((row, start, x - start, isOpaque))
                inkPixelCount += x - start
                if rowInk.isEmpty { rowInk.start = Int32(start) }
                rowInk.end = Int32(x)
                if isOpaque, x - start > Int(longestOpaque.end - longestOpaque.start) {
                    longestOpaque = Span(start: Int32(start), end: Int32(x))
                }
            }
            inkSpans[row] = rowInk
            opaqueSpans[row] = longestOpaque
            if !rowInk.isEmpty {
                firstInkRow = min(firstInkRow, row)
                lastInkRow = row
                inkLeft = min(inkLeft, rowInk.start)
                inkRight = max(inkRight, rowInk.end)
            }
        }
        firstRow = lastInkRow >= 0 ? firstInkRow : 0
        rowCount = lastInkRow >= 0 ? lastInkRow - firstInkRow + 1 : 0
        inkColumns = lastInkRow >= 0 ? Span(start: inkLeft, end: inkRight) : Span(start: 0, end: 0)
        ink = .allocate(capacity: max(1, rowCount))
        opaque = .allocate(capacity: max(1, rowCount))
        for row in 0..<rowCount {
            ink[row] = inkSpans[firstRow + row]
            opaque[row] = opaqueSpans[firstRow + row]
        }
        // What the painter reads lies in one block — runs, each row's first run, then the packed
        // pixels — so a raster it visits costs few cache lines and pages beyond its pixels.
        let runBytes = max(1, allRuns.count) * MemoryLayout<emojiart_run>.stride
        let rowBytes = (rowCount + 1) * 4
        let pixelOffset = (runBytes + rowBytes + 63) / 64 * 64
        storageByteCount = pixelOffset + (packing ? inkPixelCount * 4 : 0)
        storage = .allocate(byteCount: storageByteCount, alignment: 64)
        runs = UnsafeMutableBufferPointer(
            start: storage.bindMemory(to: emojiart_run.self, capacity: max(1, allRuns.count)), count: allRuns.count)
        rowFirstRun = UnsafeMutableBufferPointer(
            start: (storage + runBytes).bindMemory(to: Int32.self, capacity: rowCount + 1), count: rowCount + 1)
        let packedPixels = packing
            ? (storage + pixelOffset).bindMemory(to: UInt32.self, capacity: inkPixelCount) : nil
        rowFirstRun[0] = 0
        var packedCount = 0
        var runIndex = 0
        for row in 0..<rowCount {
            while runIndex < allRuns.count, allRuns[runIndex].row == firstRow + row {
                let run = allRuns[runIndex]
                let pixel: Int
                if let packedPixels, let data {
                    pixel = packedCount
                    let source = (data + run.row * stride).assumingMemoryBound(to: UInt32.self) + run.start
                    (packedPixels + packedCount).update(from: source, count: run.length)
                    packedCount += run.length
                } else {
                    pixel = run.row * stride / 4 + run.start
                }
                runs[runIndex] = emojiart_run(
                    x: UInt16(run.start - Int(inkLeft)), length: UInt16(run.length), pixel: UInt32(pixel),
                    opaque: run.isOpaque ? 1 : 0)
                runIndex += 1
            }
            rowFirstRun[row + 1] = Int32(runIndex)
        }
        pixels = packedPixels.map { UnsafePointer($0) } ?? data.map { $0.assumingMemoryBound(to: UInt32.self) }
    }

    deinit {
        storage.deallocate()
        ink.deallocate()
        opaque.deallocate()
    }

    var byteCount: Int {
        storageByteCount + (ink.count + opaque.count) * MemoryLayout<Span>.stride
    }
}
