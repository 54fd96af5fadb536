import CPangoCairo
import EmojiArtCore

/// Draws the selection frame with its handles (S8) and the rubber band (S5) over the canvas,
/// in view pixels: crisp at any zoom, and at HiDPI since cairo's device scale does the rest.
/// Never part of an export: only the canvas calls it.
public enum SelectionFrameOverlay {
    public static func draw(_ frame: SelectionFrame, colours: MarkColours = .standard, into cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let rect = frame.rect
        let scale = colours.lineScale
        // The frame: a dashed ink line over a light halo.
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_set_line_width(cr, 3 * scale)
        setHalo(colours, into: cr)
        cairo_stroke_preserve(cr)
        var dashes = [5.0, 3.0]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_line_width(cr, scale)
        setInk(colours.ink, into: cr)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        // A stem from the top edge to the rotate handle.
        let top = ViewPoint(x: rect.center.x, y: rect.minY)
        let rotate = frame.center(of: .rotate)
        cairo_move_to(cr, top.x, top.y)
        cairo_line_to(cr, rotate.x, rotate.y)
        if colours.isHighContrast {
            cairo_set_line_width(cr, 3 * scale)
            setHalo(colours, into: cr)
            cairo_stroke_preserve(cr)
            setInk(colours.ink, into: cr)
        }
        cairo_set_line_width(cr, scale)
        cairo_stroke(cr)
        let half = SelectionFrame.handleSize / 2
        for handle in SelectionFrame.Handle.allCases {
            let center = frame.center(of: handle)
            if handle == .rotate {
                cairo_new_sub_path(cr)
                cairo_arc(cr, center.x, center.y, half, 0, 2 * .pi)
            } else {
                cairo_rectangle(cr, center.x - half, center.y - half, 2 * half, 2 * half)
            }
            setInk(colours.halo, into: cr)
            cairo_fill_preserve(cr)
            cairo_set_line_width(cr, 1.5 * scale)
            setInk(colours.ink, into: cr)
            cairo_stroke(cr)
        }
    }

    public static func drawRubberBand(_ band: ViewRect, colours: MarkColours = .standard, into cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_rectangle(cr, band.minX + 0.5, band.minY + 0.5, band.width, band.height)
        setInk(colours.ink, opacity: 0.15, into: cr)
        cairo_fill_preserve(cr)
        if colours.isHighContrast {
            cairo_set_line_width(cr, 3 * colours.lineScale)
            setHalo(colours, into: cr)
            cairo_stroke_preserve(cr)
        }
        setInk(colours.ink, into: cr)
        cairo_set_line_width(cr, colours.lineScale)
        cairo_stroke(cr)
    }
}
