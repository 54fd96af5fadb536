/// What an emoji's raster at one size may show and surely hides, worked out from its glyph
/// before (or instead of) making the raster, for the occlusion grid, band of rows by band of
/// rows (`OcclusionGrid.hides(inkRows:…)`, `cover(opaqueRows:…)`), in raster coordinates.
///
/// A raster pixel is a box-filtered sum of level pixels reaching less than two raster pixels
/// around it (enlarged past the strike, a level-0 pixel: `scale` raster pixels), each opaque
/// exactly when the level-0 pixels it halves are: so a raster pixel whose level-0 pixels that
/// far around are all opaque is opaque, and one with no ink that far around holds none (a pixel
/// more for rounding). Both answers for a band come from the glyph's row tables in constant time.
struct GlyphOcclusion {
    private let glyph: EmojiGlyphMipmap
    private let placement: EmojiGlyphMipmap.Placement
    private let opaqueMargin: Double
    private let inkMargin: Double
    /// Raster rows that may hold ink.
    let inkRows: Range<Int>
    /// The raster square's side.
    var side: Int { placement.side }
    /// Raster rows that may hold pixels opaque for sure.
    let opaqueRows: Range<Int>

    init(_ glyph: EmojiGlyphMipmap, pixelSize: Int) {
        self.glyph = glyph
        placement = glyph.placement(forPixelSize: pixelSize)
        let (scale, top, ink) = (placement.scale, placement.top, glyph.ink)
        opaqueMargin = max(2, scale + 1)
        inkMargin = opaqueMargin + 1
        guard scale > 0, ink.bottom > ink.top else {
            (inkRows, opaqueRows) = (0..<0, 0..<0)
            return
        }
        let inkFirst = max(0, floorToInt(top + Double(ink.top) * scale - inkMargin))
        let inkEnd = min(placement.side, ceilingToInt(top + Double(ink.bottom) * scale + inkMargin))
        inkRows = inkFirst..<max(inkFirst, inkEnd)
        let opaqueFirst = max(0, floorToInt(top + Double(ink.top) * scale))
        let opaqueEnd = min(placement.side, ceilingToInt(top + Double(ink.bottom) * scale))
        opaqueRows = opaqueFirst..<max(opaqueFirst, opaqueEnd)
    }

    /// The level-0 rows raster rows `rows` sample, `margin` raster pixels around.
    private func levelRows(of rows: Range<Int>, margin: Double) -> (from: Int, to: Int) {
        (
            floorToInt((Double(rows.lowerBound) - margin - placement.top) / placement.scale),
            ceilingToInt((Double(rows.upperBound) + margin - placement.top) / placement.scale)
        )
    }

    /// The columns raster rows `rows` may hold ink in; nil when they hold none.
    func inkColumns(rows: Range<Int>) -> Range<Int>? {
        let (from, to) = levelRows(of: rows, margin: inkMargin)
        let (first, end) = (max(0, from), min(glyph.inkRows.count, to))
        guard first < end else { return nil }
        let ink = glyph.inkRows.combined(from: first, to: end)
        guard ink.start < ink.end else { return nil }
        let left = floorToInt(placement.left + Double(ink.start) * placement.scale - inkMargin)
        let right = ceilingToInt(placement.left + Double(ink.end) * placement.scale + inkMargin)
        return left..<right
    }

    /// The columns opaque for sure in every row of `rows`; nil when there are none.
    func opaqueColumns(rows: Range<Int>) -> Range<Int>? {
        let (from, to) = levelRows(of: rows, margin: opaqueMargin)
        guard from >= 0, to <= glyph.opaqueRows.count, from < to else { return nil }
        let opaque = glyph.opaqueRows.combined(from: from, to: to)
        guard opaque.start < opaque.end else { return nil }
        let left = ceilingToInt(placement.left + Double(opaque.start) * placement.scale + opaqueMargin)
        let right = floorToInt(placement.left + Double(opaque.end) * placement.scale - opaqueMargin)
        return left < right ? left..<right : nil
    }
}
