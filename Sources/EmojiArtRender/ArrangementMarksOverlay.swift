import CPangoCairo
import EmojiArtCore

/// Draws the group outlines and the lock badge (R3, R4) over the canvas, in view pixels, after
/// the selection frame; never part of an export: only the canvas calls it.
public enum ArrangementMarksOverlay {
    public static func draw(_ marks: ArrangementMarks, colours: MarkColours = .standard, into cr: OpaquePointer) {
        guard !marks.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        for outline in marks.groupOutlines {
            // A solid line, where the selection frame is dashed: one group, not loose emojis.
            cairo_rectangle(
                cr, outline.minX.rounded() + 0.5, outline.minY.rounded() + 0.5, outline.width.rounded(), outline.height.rounded())
            if colours.isHighContrast {
                cairo_set_line_width(cr, 3 * colours.lineScale)
                setHalo(colours, into: cr)
                cairo_stroke_preserve(cr)
            }
            cairo_set_line_width(cr, colours.lineScale)
            setInk(colours.ink, opacity: colours.isHighContrast ? 1 : 0.7, into: cr)
            cairo_stroke(cr)
        }
        if let center = marks.lockBadge { drawLockBadge(at: center, into: cr) }
    }

    /// A dark disc with a white padlock: readable over any picture.
    private static func drawLockBadge(at center: ViewPoint, into cr: OpaquePointer) {
        let radius = ArrangementMarks.lockBadgeSize / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
        cairo_set_source_rgba(cr, 0.14, 0.14, 0.14, 0.85)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        // The body, then the shackle over it.
        cairo_rectangle(cr, center.x - 4, center.y - 1, 8, 6)
        cairo_fill(cr)
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y - 1, 2.75, .pi, 2 * .pi)
        cairo_set_line_width(cr, 1.5)
        cairo_stroke(cr)
    }
}
