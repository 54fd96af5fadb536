import CPangoCairo

/// The canvas's accent outline while something is dragged over it.
public enum DropHighlightOverlay {
    public static func draw(into cr: OpaquePointer, width: Double, height: Double) {
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.9)
        cairo_set_line_width(cr, 4)
        cairo_rectangle(cr, 2, 2, width - 4, height - 4)
        cairo_stroke(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.08)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
