import CPangoCairo
import CRenderKernels

/// One emoji rendered at one device pixel size: a square of `side` pixels with the glyph's
/// laid-out box centred in it, kept as the ink of its rows alone (`RasterRows`, packed), which
/// is all the direct painter reads, turned and scaled emojis included (it samples those rows).
/// Painting through cairo (vector export, the palette's pictures) makes the whole square once,
/// on first use (`surface`).
///
/// Immutable once made; its rows are freed when the last reference goes, so the cache dropping
/// it (eviction) never pulls it from under a frame that is still painting it.
public final class EmojiRaster {
    /// The emoji's height in device pixels that this raster was made for (its cache key).
    public let pixelSize: Int
    /// Side of the square in pixels: at least `pixelSize`, more when the glyph's laid-out box is
    /// wider than it is tall (Noto Color Emoji's box is about 1.05 times as wide as tall).
    public let side: Int
    /// Memory held by the packed ink and its runs, counted against the cache's capacity.
    public let byteCount: Int
    /// Each row's non-transparent pixels as runs, opaque (copied) or translucent (blended).
    let rows: RasterRows
    private var madeSurface: OpaquePointer?

    /// A raster of `side` pixels square whose ink is `rows` (packed).
    init(rows: RasterRows, pixelSize: Int, side: Int) {
        self.rows = rows
        self.pixelSize = pixelSize
        self.side = side
        byteCount = rows.byteCount
    }

    /// Takes over `surface`, a flushed ARGB32 image surface `side` pixels square: keeps its
    /// ink and destroys it.
    convenience init(takingOwnershipOf surface: OpaquePointer, pixelSize: Int, side: Int) {
        let rows = RasterRows(surface: surface, side: side, packing: true)
        cairo_surface_destroy(surface)
        self.init(rows: rows, pixelSize: pixelSize, side: side)
    }

    deinit {
        if let madeSurface { cairo_surface_destroy(madeSurface) }
    }

    /// The raster as a cairo image surface `side` pixels square, made on first use and kept (a
    /// vector file embeds each distinct image once, so a raster painted twice must be one
    /// image); nil when cairo has no memory for it. Not counted in `byteCount`: only painters
    /// through cairo ask for it, never a canvas frame.
    public var surface: OpaquePointer? {
        if madeSurface == nil { madeSurface = makeSurface() }
        return madeSurface
    }

    /// A new ARGB32 image surface `side` pixels square holding this raster (transparent outside
    /// its ink), which the caller destroys; nil when cairo has no memory for it.
    public func makeSurface() -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        rows.unpack(into: UnsafeMutableRawPointer(data), strideBytes: Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
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
    /// Each row's ink as the sampler of turned and scaled emojis reads it: where its pixels are
    /// and which raster columns they cover.
    let sampleRows: UnsafeMutableBufferPointer<emojiart_sample_row>

    /// The rows of `surface`, `side` pixels square; with `packing`, the rows' ink is copied
    /// into a buffer of its own, one row after the other, and the surface is no longer read.
    convenience init(surface: OpaquePointer, side: Int, packing: Bool = false) {
        let data = cairo_image_surface_get_data(surface).map {
            UnsafePointer(UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self))
        }
        self.init(
            pixels: data, strideBytes: Int(cairo_image_surface_get_stride(surface)), left: 0, top: 0, width: side,
            height: side, packing: packing)
    }

    /// The rows of a raster whose pixels are transparent outside the `width` × `height` image
    /// `pixels` (`strideBytes` a row), which lies at (`left`, `top`) in it. Without `packing`, runs
    /// index `pixels` itself, which must then outlive the rows.
    init(
        pixels data: UnsafePointer<UInt32>?, strideBytes stride: Int, left: Int, top: Int, width: Int, height: Int,
        packing: Bool
    ) {
        // Each row's ink, longest opaque run and opacity, scanned in C (a user's drawing makes a
        // raster per emoji).
        let scans = UnsafeMutableBufferPointer<emojiart_row_scan>.allocate(capacity: max(1, height))
        defer { scans.deallocate() }
        scans.initialize(repeating: emojiart_row_scan())
        if let data, width > 0, height > 0 {
            emojiart_scan_rect(data, Int32(stride), Int32(width), Int32(height), scans.baseAddress)
        }
        var firstInkRow = height
        var lastInkRow = -1
        var inkLeft = Int32.max
        var inkRight = Int32.min
        var inkPixelCount = 0
        var runCount = 0
        for row in 0..<height where scans[row].ink_end > scans[row].ink_start {
            let scan = scans[row]
            inkPixelCount += Int(scan.ink_end - scan.ink_start)
            runCount += 1
            firstInkRow = min(firstInkRow, row)
            lastInkRow = row
            inkLeft = min(inkLeft, scan.ink_start)
            inkRight = max(inkRight, scan.ink_end)
        }
        let hasInk = lastInkRow >= 0
        let firstLocalRow = hasInk ? firstInkRow : 0
        firstRow = hasInk ? top + firstInkRow : 0
        rowCount = hasInk ? lastInkRow - firstInkRow + 1 : 0
        let shift = Int32(left)
        inkColumns = hasInk ? Span(start: inkLeft + shift, end: inkRight + shift) : Span(start: 0, end: 0)
        ink = .allocate(capacity: max(1, rowCount))
        opaque = .allocate(capacity: max(1, rowCount))
        sampleRows = .allocate(capacity: max(1, rowCount))
        for row in 0..<rowCount {
            let scan = scans[firstLocalRow + row]
            ink[row] =
                scan.ink_end > scan.ink_start
                ? Span(start: scan.ink_start + shift, end: scan.ink_end + shift) : Span(start: 0, end: 0)
            opaque[row] =
                scan.opaque_end > scan.opaque_start
                ? Span(start: scan.opaque_start + shift, end: scan.opaque_end + shift) : Span(start: 0, end: 0)
        }
        // What the painter reads lies in one block — runs, each row's first run, then the packed
        // pixels — so a raster it visits costs few cache lines and pages beyond its pixels.
        let runBytes = max(1, runCount) * MemoryLayout<emojiart_run>.stride
        let rowBytes = (rowCount + 1) * 4
        let pixelOffset = (runBytes + rowBytes + 63) / 64 * 64
        storageByteCount = pixelOffset + (packing ? inkPixelCount * 4 : 0)
        storage = .allocate(byteCount: storageByteCount, alignment: 64)
        runs = UnsafeMutableBufferPointer(
            start: storage.bindMemory(to: emojiart_run.self, capacity: max(1, runCount)), count: runCount)
        rowFirstRun = UnsafeMutableBufferPointer(
            start: (storage + runBytes).bindMemory(to: Int32.self, capacity: rowCount + 1), count: rowCount + 1)
        let packedPixels =
            packing
            ? (storage + pixelOffset).bindMemory(to: UInt32.self, capacity: inkPixelCount) : nil
        rowFirstRun[0] = 0
        var packedCount = 0
        var runIndex = 0
        let rowWords = stride / 4
        for row in 0..<rowCount {
            let scan = scans[firstLocalRow + row]
            if scan.ink_end > scan.ink_start, let data {
                let start = Int(scan.ink_start)
                let length = Int(scan.ink_end - scan.ink_start)
                let source = data + (firstLocalRow + row) * rowWords + start
                let pixel: Int
                if let packedPixels {
                    pixel = packedCount
                    (packedPixels + packedCount).update(from: source, count: length)
                    packedCount += length
                } else {
                    pixel = source - data
                }
                runs[runIndex] = emojiart_run(
                    x: UInt16(start - Int(inkLeft)), length: UInt16(length), pixel: UInt32(pixel),
                    opaque: scan.all_opaque != 0 ? 1 : 0)
                runIndex += 1
                let column = start + left
                sampleRows[row] = emojiart_sample_row(
                    offset: Int32(pixel - column), start: Int32(column), end: Int32(column + length))
            } else {
                sampleRows[row] = emojiart_sample_row(offset: 0, start: 0, end: 0)
            }
            rowFirstRun[row + 1] = Int32(runIndex)
        }
        pixels = packedPixels.map { UnsafePointer($0) } ?? data
    }

    /// Writes the rows' ink into a raster-sized image at `data` (`strideBytes` a row), whose
    /// pixels outside the ink are left as they are.
    func unpack(into data: UnsafeMutableRawPointer, strideBytes: Int) {
        guard let pixels else { return }
        for row in 0..<rowCount {
            let target = (data + (firstRow + row) * strideBytes).assumingMemoryBound(to: UInt32.self) + Int(inkColumns.start)
            for index in Int(rowFirstRun[row])..<Int(rowFirstRun[row + 1]) {
                let run = runs[index]
                (target + Int(run.x)).update(from: pixels + Int(run.pixel), count: Int(run.length))
            }
        }
    }

    deinit {
        storage.deallocate()
        ink.deallocate()
        opaque.deallocate()
        sampleRows.deallocate()
    }

    var byteCount: Int {
        storageByteCount + (ink.count + opaque.count) * MemoryLayout<Span>.stride
            + sampleRows.count * MemoryLayout<emojiart_sample_row>.stride
    }
}
