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
///
/// Each row is one run, from its first to its last ink pixel: copied when every pixel of it is
/// opaque, otherwise blended whole, four pixels at a time. OVER with an opaque source pixel gives
/// that pixel and with a transparent one leaves the frame's pixel, both exactly in pixman's
/// arithmetic, so the frame is the same as with a run per stretch of opaque or translucent
/// pixels — but the painter takes no branch per stretch. With a run per stretch, a frame of 360
/// different turned emojis mispredicted its way to 1.75× the upright one (the upright frame's 15
/// rasters repeat, so their branches are learnt); a row at once: 1.4×.
///
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
    /// pixels row after row in `storage`, when the rows own a copy and the surface can go.
    let pixels: UnsafePointer<UInt32>?
    /// The runs, the rows' first runs and the packed pixels, in one block.
    private let storage: UnsafeMutableRawPointer
    private let storageByteCount: Int
    let runs: UnsafeMutableBufferPointer<emojiart_run>
    /// `runs[rowFirstRun[r] ..< rowFirstRun[r + 1]]` are row r's runs (one, or none without ink).
    let rowFirstRun: UnsafeMutableBufferPointer<Int32>
    /// From the first to the last non-transparent pixel of each row, in raster columns.
    let ink: UnsafeMutableBufferPointer<Span>
    /// The longest run of fully opaque pixels of each row, in raster columns.
    let opaque: UnsafeMutableBufferPointer<Span>

    /// The rows of `surface`, `side` pixels square; with `packing`, the rows' ink is copied
    /// into a buffer of its own, one row after the other, and the surface is no longer read.
    init(surface: OpaquePointer, side: Int, packing: Bool = false) {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface))
        var inkSpans = [Span](repeating: Span(start: 0, end: 0), count: side)
        var opaqueSpans = inkSpans
        var rowIsOpaque = [Bool](repeating: false, count: side)
        var firstInkRow = side, lastInkRow = -1
        var inkLeft = Int32.max, inkRight = Int32.min
        var inkPixelCount = 0
        // Each row's ink, longest opaque run and opacity, scanned in C (a user's drawing makes a
        // raster per emoji).
        var scans = [emojiart_row_scan](repeating: emojiart_row_scan(), count: side)
        if let data {
            scans.withUnsafeMutableBufferPointer { buffer in
                emojiart_scan_rows(data.assumingMemoryBound(to: UInt32.self), Int32(stride), Int32(side), buffer.baseAddress)
            }
        }
        for row in 0..<side {
            let scan = scans[row]
            let rowInk = Span(start: scan.ink_start, end: scan.ink_end)
            let longestOpaque = Span(start: scan.opaque_start, end: scan.opaque_end)
            let allOpaque = scan.all_opaque != 0
            inkSpans[row] = rowInk
            opaqueSpans[row] = longestOpaque
            rowIsOpaque[row] = allOpaque
            if !rowInk.isEmpty {
                inkPixelCount += Int(rowInk.end - rowInk.start)
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
        let runCount = inkSpans.filter { !$0.isEmpty }.count
        let runBytes = max(1, runCount) * MemoryLayout<emojiart_run>.stride
        let rowBytes = (rowCount + 1) * 4
        let pixelOffset = (runBytes + rowBytes + 63) / 64 * 64
        storageByteCount = pixelOffset + (packing ? inkPixelCount * 4 : 0)
        storage = .allocate(byteCount: storageByteCount, alignment: 64)
        runs = UnsafeMutableBufferPointer(
            start: storage.bindMemory(to: emojiart_run.self, capacity: max(1, runCount)), count: runCount)
        rowFirstRun = UnsafeMutableBufferPointer(
            start: (storage + runBytes).bindMemory(to: Int32.self, capacity: rowCount + 1), count: rowCount + 1)
        let packedPixels = packing
            ? (storage + pixelOffset).bindMemory(to: UInt32.self, capacity: inkPixelCount) : nil
        rowFirstRun[0] = 0
        var packedCount = 0
        var runIndex = 0
        for row in 0..<rowCount {
            let span = inkSpans[firstRow + row]
            if !span.isEmpty, let data {
                let start = Int(span.start), length = Int(span.end - span.start)
                let pixel: Int
                if let packedPixels {
                    pixel = packedCount
                    let source = (data + (firstRow + row) * stride).assumingMemoryBound(to: UInt32.self) + start
                    (packedPixels + packedCount).update(from: source, count: length)
                    packedCount += length
                } else {
                    pixel = (firstRow + row) * stride / 4 + start
                }
                runs[runIndex] = emojiart_run(
                    x: UInt16(start - Int(inkLeft)), length: UInt16(length), pixel: UInt32(pixel),
                    opaque: rowIsOpaque[firstRow + row] ? 1 : 0)
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
