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
/// extent of its ink and its longest opaque run, for occlusion (`OcclusionGrid`). The buffers
/// never move, so painter threads can read them through plain pointers while the raster lives.
final class RasterRows {
    /// A half-open span of columns; empty when `start == end`.
    struct Span {
        var start: Int32
        var end: Int32
        var isEmpty: Bool { start >= end }
    }

    let runs: UnsafeMutableBufferPointer<emojiart_run>
    /// `runs[rowFirstRun[r] ..< rowFirstRun[r + 1]]` are row r's runs.
    let rowFirstRun: UnsafeMutableBufferPointer<Int32>
    /// From the first to the last non-transparent pixel of each row.
    let ink: UnsafeMutableBufferPointer<Span>
    /// The longest run of fully opaque pixels of each row.
    let opaque: UnsafeMutableBufferPointer<Span>

    init(surface: OpaquePointer, side: Int) {
        var runs: [emojiart_run] = []
        rowFirstRun = .allocate(capacity: side + 1)
        ink = .allocate(capacity: side)
        opaque = .allocate(capacity: side)
        rowFirstRun[0] = 0
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = UnsafeRawPointer(cairo_image_surface_get_data(surface))
        for row in 0..<side {
            var rowInk = Span(start: 0, end: 0)
            var longestOpaque = Span(start: 0, end: 0)
            if let data {
                let pixels = (data + row * stride).assumingMemoryBound(to: UInt32.self)
                var x = 0
                while x < side {
                    let alpha = pixels[x] >> 24
                    guard alpha != 0 else {
                        x += 1
                        continue
                    }
                    let isOpaque = alpha == 255
                    let start = x
                    while x < side, x - start < Int(UInt16.max) {
                        let next = pixels[x] >> 24
                        guard next != 0, (next == 255) == isOpaque else { break }
                        x += 1
                    }
                    runs.append(emojiart_run(x: UInt16(start), length: UInt16(x - start), opaque: isOpaque ? 1 : 0))
                    if rowInk.isEmpty { rowInk.start = Int32(start) }
                    rowInk.end = Int32(x)
                    if isOpaque, x - start > Int(longestOpaque.end - longestOpaque.start) {
                        longestOpaque = Span(start: Int32(start), end: Int32(x))
                    }
                }
            }
            ink[row] = rowInk
            opaque[row] = longestOpaque
            rowFirstRun[row + 1] = Int32(runs.count)
        }
        self.runs = .allocate(capacity: max(1, runs.count))
        _ = self.runs.initialize(from: runs)
    }

    deinit {
        runs.deallocate()
        rowFirstRun.deallocate()
        ink.deallocate()
        opaque.deallocate()
    }

    var byteCount: Int {
        runs.count * MemoryLayout<emojiart_run>.stride + rowFirstRun.count * 4 + (ink.count + opaque.count) * 8
    }
}
