import CPangoCairo
import EmojiArtCore

/// The mark drawn around a selected emoji (SPEC S1): a rounded outline in the marks' ink (GNOME's
/// accent blue) over a wider light halo, so it shows on dark and light backgrounds alike (X10). It frames the emoji's square
/// of side `size` (DESIGN "Fonts, sizes, geometry"), the same square hit testing uses.
enum SelectionMark {
    /// Gap in view pixels between the emoji's square and the outline.
    static let paddingInPixels = 3.0
    /// The outline never shrinks below this side in view pixels, so tiny emojis stay visibly marked.
    static let minimumSideInPixels = 14.0
    static let cornerRadiusInPixels = 6.0
    static let lineWidthInPixels = 2.5
    static let haloWidthInPixels = 6.0

    /// How far the mark reaches from the emoji's centre, in view pixels, for culling.
    static func reach(forSide side: Double) -> Double {
        max(side, minimumSideInPixels) / 2 + paddingInPixels + haloWidthInPixels * MarkColours.widestLineScale / 2
    }

    /// Strokes the mark around a square of `side` view pixels centred on `center`, turned by
    /// `rotation` degrees clockwise as the emoji is (M3).
    static func draw(
        around center: ViewPoint, side: Double, rotation: Double = 0, colours: MarkColours = .standard, into cr: OpaquePointer
    ) {
        let half = max(side, minimumSideInPixels) / 2 + paddingInPixels
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, center.x, center.y)
        if rotation != 0 { cairo_rotate(cr, rotation * .pi / 180) }
        addRoundedSquare(center: .zero, half: half, into: cr)
        cairo_set_line_width(cr, haloWidthInPixels * colours.lineScale)
        setHalo(colours, into: cr)
        cairo_stroke_preserve(cr)
        cairo_set_line_width(cr, lineWidthInPixels * colours.lineScale)
        setInk(colours.ink, into: cr)
        cairo_stroke(cr)
    }

    private static func addRoundedSquare(center: ViewPoint, half: Double, into cr: OpaquePointer) {
        let radius = min(cornerRadiusInPixels, half)
        let (left, top, right, bottom) = (center.x - half, center.y - half, center.x + half, center.y + half)
        cairo_new_sub_path(cr)
        cairo_arc(cr, right - radius, top + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, right - radius, bottom - radius, radius, 0, .pi / 2)
        cairo_arc(cr, left + radius, bottom - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, left + radius, top + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}

/// Sets the marks' halo as cairo's source.
func setHalo(_ colours: MarkColours, into cr: OpaquePointer) {
    cairo_set_source_rgba(cr, colours.halo.red, colours.halo.green, colours.halo.blue, colours.haloOpacity)
}

/// Sets `colour` as cairo's source, opaque or at `opacity`.
func setInk(_ colour: RGBColour, opacity: Double = 1, into cr: OpaquePointer) {
    cairo_set_source_rgba(cr, colour.red, colour.green, colour.blue, opacity)
}
