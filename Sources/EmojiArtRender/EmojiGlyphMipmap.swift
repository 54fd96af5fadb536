import CPangoCairo
import CRenderKernels

/// One emoji's colour glyph as the font holds it — laid out and painted once by Pango at the
/// font's bitmap strike, so cairo copies the decoded picture without scaling it — and its
/// halvings (a mipmap). Any pixel size is then one resample away: from the smallest level still
/// at least as large, by a box filter. Debian's Noto Color Emoji is a bitmap font with one
/// strike (109 ppem), so every size Pango would paint is a resample of that picture too, made
/// at ~3 ms a size (a fresh PNG decode and a filtered scale each time); this makes it at ~30 µs.
///
/// Immutable once made: any thread may make rasters from it at once.
final class EmojiGlyphMipmap: @unchecked Sendable {
    struct Level {
        let pixels: UnsafeMutablePointer<UInt32>
        let width: Int
        let height: Int
    }

    /// How Pango lays the emoji out at any font size, so a raster's box is the one Pango's
    /// raster of that size would have, to the pixel. Pango sizes are in its units (1/1024 px):
    /// a font size is stored as a whole number of them, glyph advances are rounded to whole
    /// pixels, and cairo puts the baseline on a whole pixel.
    struct Metrics {
        /// As `EmojiRasterizer` turns a pixel size into a font size.
        var lineHeightPerFontPixel: Double
        /// Level 0's font size, in Pango units.
        var strikeFontUnits: Double
        /// The glyph advances (unrounded), the line height and the baseline per unit of font size.
        var widthPerFontUnit: Double
        var heightPerFontUnit: Double
        var baselinePerFontUnit: Double
        /// Below 1 for text wider than `EmojiRasterizer.maximumWidthPerHeight`, scaled to fit.
        var shrink: Double
    }

    /// Level 0 is the strike picture, the laid-out box's top-left corner at its origin; level k
    /// is level 0 halved k times.
    let levels: [Level]
    let metrics: Metrics
    /// The picture's ink (non-transparent pixels) in level 0: left, top, right, bottom, the
    /// last two exclusive; all zero for a blank picture.
    let ink: (left: Int, top: Int, right: Int, bottom: Int)
    /// Each level-0 row's longest run of opaque pixels (empty when it has none), intersected over
    /// any range of rows: what any raster of the emoji hides for sure, scaled (`opaqueSpans`).
    let opaqueRows: RowSpanTable
    /// Each level-0 row's ink, from its first to its last non-transparent pixel, united over any
    /// range of rows.
    let inkRows: RowSpanTable
    /// Memory held by the levels.
    let byteCount: Int

    /// Takes the strike picture `pixels` (`width` × `height`) and makes its halvings down to a
    /// few pixels.
    init(strikePixels pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, metrics: Metrics) {
        var levels = [Level(pixels: pixels, width: width, height: height)]
        while let last = levels.last, max(last.width, last.height) > Self.smallestLevelSide {
            let halfWidth = (last.width + 1) / 2
            let halfHeight = (last.height + 1) / 2
            let half = UnsafeMutablePointer<UInt32>.allocate(capacity: halfWidth * halfHeight)
            emojiart_halve(last.pixels, Int32(last.width), Int32(last.height), Int32(last.width * 4), half, Int32(halfWidth * 4))
            levels.append(Level(pixels: half, width: halfWidth, height: halfHeight))
        }
        self.levels = levels
        self.metrics = metrics
        var ink = (left: width, top: height, right: 0, bottom: 0)
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] >> 24 != 0 {
                ink = (min(ink.left, x), min(ink.top, y), max(ink.right, x + 1), max(ink.bottom, y + 1))
            }
        }
        self.ink = ink.right > ink.left ? ink : (0, 0, 0, 0)
        let opaqueRuns = (0..<height).map { y in
            var longest = RasterRows.Span(start: 0, end: 0)
            var x = 0
            while x < width {
                guard pixels[y * width + x] >> 24 == 255 else {
                    x += 1
                    continue
                }
                let start = x
                while x < width, pixels[y * width + x] >> 24 == 255 { x += 1 }
                if x - start > Int(longest.end - longest.start) { longest = RasterRows.Span(start: Int32(start), end: Int32(x)) }
            }
            return longest
        }
        opaqueRows = RowSpanTable(opaqueRuns, .intersection)
        inkRows = RowSpanTable(
            (0..<height).map { y in
                let row = pixels + y * width
                guard let first = (0..<width).first(where: { row[$0] >> 24 != 0 }),
                    let last = (0..<width).last(where: { row[$0] >> 24 != 0 })
                else { return RasterRows.Span(start: 0, end: 0) }
                return RasterRows.Span(start: Int32(first), end: Int32(last + 1))
            }, .union)
        byteCount = levels.reduce(0) { $0 + $1.width * $1.height * 4 }
    }

    deinit {
        for level in levels { level.pixels.deallocate() }
    }

    /// Halving stops at this side: a raster smaller than this is rare, and bilinear from it is fine.
    private static let smallestLevelSide = 8

    /// Where an emoji `pixelSize` pixels tall lies in its raster, as Pango and cairo place it.
    struct Placement {
        var side: Int
        /// Raster pixels per level-0 pixel.
        var scale: Double
        /// Where level 0's origin lands in the raster.
        var left: Double
        var top: Double
    }

    func placement(forPixelSize pixelSize: Int) -> Placement {
        let m = metrics
        let fontUnits = Double(Int(Double(pixelSize) / m.lineHeightPerFontPixel * 1024))
        let width = (((m.widthPerFontUnit * fontUnits).rounded() + 512) / 1024).rounded(.down) * m.shrink
        let height = (m.heightPerFontUnit * fontUnits).rounded() / 1024 * m.shrink
        let baseline = (m.baselinePerFontUnit * fontUnits).rounded() / 1024 * m.shrink
        let scale = fontUnits / m.strikeFontUnits
        let side = max(pixelSize, Int(max(width, height).rounded(.up)))
        let left = ((Double(side) - width) / 2).rounded()
        let boxTop = ((Double(side) - height) / 2).rounded()
        // cairo drew level 0 with its baseline on a whole pixel, and draws this size so too.
        let strikeBaseline = m.baselinePerFontUnit * m.strikeFontUnits / 1024 * m.shrink
        let top = (boxTop + baseline).rounded() - strikeBaseline.rounded() * scale
        return Placement(side: side, scale: scale, left: left, top: top)
    }

    /// The pixels of this emoji's raster at `pixelSize` that are opaque for sure, row by row in
    /// raster coordinates from `firstRow` (`GlyphOcclusion.opaqueColumns`, a row at a time).
    func opaqueSpans(forPixelSize pixelSize: Int) -> (firstRow: Int, spans: [RasterRows.Span]) {
        let occlusion = GlyphOcclusion(self, pixelSize: pixelSize)
        let spans = occlusion.opaqueRows.map { y in
            occlusion.opaqueColumns(rows: y..<(y + 1)).map { RasterRows.Span(start: Int32($0.lowerBound), end: Int32($0.upperBound)) }
                ?? RasterRows.Span(start: 0, end: 0)
        }
        return (occlusion.opaqueRows.lowerBound, spans)
    }

    /// How far the ink of this emoji's raster at `pixelSize` reaches from the raster's centre,
    /// across and down, in raster pixels (a pixel more for the resample's reach).
    func inkReach(forPixelSize pixelSize: Int) -> (x: Double, y: Double) {
        let placement = placement(forPixelSize: pixelSize)
        let middle = Double(placement.side) / 2
        let left = placement.left + Double(ink.left) * placement.scale
        let right = placement.left + Double(ink.right) * placement.scale
        let top = placement.top + Double(ink.top) * placement.scale
        let bottom = placement.top + Double(ink.bottom) * placement.scale
        return (max(middle - left, right - middle) + 1, max(middle - top, bottom - middle) + 1)
    }

    /// How a raster `pixelSize` pixels tall is resampled: from which level, and where raster
    /// pixel (x, y) samples it (`emojiart_resample`'s scale and offsets).
    struct Resampling {
        var side: Int
        var level: Level
        /// Level-0 pixels per pixel of the level.
        var levelFactor: Int
        var step: Double
        var offsetX: Double
        var offsetY: Double
    }

    func resampling(forPixelSize pixelSize: Int) -> Resampling {
        let placement = placement(forPixelSize: pixelSize)
        let (scale, left, top) = (placement.scale, placement.left, placement.top)
        // The smallest level at least as large as the raster: a box filter from there weighs
        // each source pixel by its share (a step of less than two), so nothing aliases.
        var levelIndex = 0
        while levelIndex + 1 < levels.count, scale * Double(1 << (levelIndex + 1)) <= 1 { levelIndex += 1 }
        // Raster pixel centre (x + ½) lies at level-0 point (x + ½ − left) / scale.
        let step = 1 / (scale * Double(1 << levelIndex))
        return Resampling(
            side: placement.side, level: levels[levelIndex], levelFactor: 1 << levelIndex, step: step,
            offsetX: -left * step, offsetY: -top * step)
    }

    /// The part of a raster `pixelSize` pixels tall worth resampling: the raster pixels whose
    /// samples reach within a level pixel of the ink (the rest is transparent), and that ink in
    /// the level.
    struct InkWindow {
        var resampling: Resampling
        var levelInk: (left: Int, top: Int, right: Int, bottom: Int)
        var columns: Range<Int>
        var rows: Range<Int>
        var isEmpty: Bool { columns.isEmpty || rows.isEmpty }
    }

    func inkWindow(forPixelSize pixelSize: Int) -> InkWindow {
        let resampling = resampling(forPixelSize: pixelSize)
        let (side, levelFactor, step) = (resampling.side, resampling.levelFactor, resampling.step)
        let levelInk = (
            left: ink.left / levelFactor, top: ink.top / levelFactor,
            right: (ink.right + levelFactor - 1) / levelFactor, bottom: (ink.bottom + levelFactor - 1) / levelFactor
        )
        func reach(from low: Int, to high: Int, offset: Double) -> Range<Int> {
            guard high > low else { return 0..<0 }
            let first = max(0, Int(((Double(low - 1) - offset) / step).rounded(.down)) - 1)
            let end = min(side, Int(((Double(high + 1) - offset) / step).rounded(.up)) + 1)
            return first..<max(first, end)
        }
        return InkWindow(
            resampling: resampling, levelInk: levelInk,
            columns: reach(from: levelInk.left, to: levelInk.right, offset: resampling.offsetX),
            rows: reach(from: levelInk.top, to: levelInk.bottom, offset: resampling.offsetY))
    }

    /// A raster of this emoji `pixelSize` pixels tall, its laid-out box centred at whole-pixel
    /// offsets in the square as Pango's rasters have it; nil without memory for it. Only the
    /// part of the square the ink can reach is resampled, into `scratch`, and its rows packed:
    /// the rest is transparent and never written.
    func makeRaster(pixelSize: Int, scratch: RasterScratch = RasterScratch()) -> EmojiRaster? {
        guard pixelSize >= 1 else { return nil }
        let window = inkWindow(forPixelSize: pixelSize)
        let (side, level, ink) = (window.resampling.side, window.resampling.level, window.levelInk)
        let (columns, rowRange) = (window.columns, window.rows)
        guard !window.isEmpty else {
            let blank = RasterRows(pixels: nil, strideBytes: 0, left: 0, top: 0, width: 0, height: 0, packing: true)
            return EmojiRaster(rows: blank, pixelSize: pixelSize, side: side)
        }
        let target = scratch.pixels(count: columns.count * rowRange.count)
        let resampled = emojiart_resample_window(
            level.pixels, Int32(level.width), Int32(level.height), Int32(level.width * 4),
            Int32(ink.left), Int32(ink.top), Int32(ink.right), Int32(ink.bottom),
            target, Int32(columns.lowerBound), Int32(rowRange.lowerBound), Int32(columns.count), Int32(rowRange.count),
            Int32(columns.count * 4), window.resampling.step, window.resampling.offsetX, window.resampling.offsetY)
        guard resampled != 0 else { return nil }
        let rows = RasterRows(
            pixels: UnsafePointer(target), strideBytes: columns.count * 4, left: columns.lowerBound, top: rowRange.lowerBound,
            width: columns.count, height: rowRange.count, packing: true)
        return EmojiRaster(rows: rows, pixelSize: pixelSize, side: side)
    }
}

/// A buffer a raster is resampled into before its ink is packed, reused raster after raster
/// by the one thread that owns it (a rasterizer's).
final class RasterScratch {
    private var buffer: UnsafeMutablePointer<UInt32>?
    private var capacity = 0

    init() {}

    deinit {
        buffer?.deallocate()
    }

    /// Room for `count` pixels, valid until the next call.
    func pixels(count: Int) -> UnsafeMutablePointer<UInt32> {
        if let buffer, capacity >= count { return buffer }
        buffer?.deallocate()
        capacity = max(count, capacity * 2)
        let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        buffer = grown
        return grown
    }
}

/// ⌊x⌋ and ⌈x⌉ of a value well inside `Int`'s range, without a call into libm: the occlusion
/// grid asks `GlyphOcclusion` for every band of rows of every emoji a zoom step resamples, and a
/// baseline x86-64 build calls `floor` and `ceil` through the PLT.
@inline(__always) func floorToInt(_ x: Double) -> Int {
    let truncated = Int(x)
    return Double(truncated) > x ? truncated - 1 : truncated
}

@inline(__always) func ceilingToInt(_ x: Double) -> Int {
    let truncated = Int(x)
    return Double(truncated) < x ? truncated + 1 : truncated
}
