import CPangoCairo

extension EmojiRasterizer {
    /// PANGO_GLYPH_EMPTY: a glyph that draws nothing (a joiner, a variation selector).
    private static let emptyGlyph: PangoGlyph = 0x0FFF_FFFF

    /// Paints the current layout's one visible glyph into `surface` from the PNG the font holds
    /// for it, decoded straight (~0.2 ms), where `pango_cairo_show_layout` at the strike would
    /// put it — the glyph's origin rounded to whole pixels, as cairo rounds it, plus the
    /// bitmap's bearings — instead of having cairo draw it through FreeType (~1.2 ms, most of
    /// opening a user's drawing). False, with nothing painted, when the layout holds more than one
    /// visible glyph or the glyph has no PNG: the caller then draws the layout.
    func paintStrikePNG(into surface: OpaquePointer, layoutTop: Double, layoutLeft: Double) -> Bool {
        guard let iterator = pango_layout_get_iter(layout) else { return false }
        defer { pango_layout_iter_free(iterator) }
        var found: (font: UnsafeMutablePointer<PangoFont>, glyph: PangoGlyph, x: Double, y: Double)?
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &logical)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / Double(PANGO_SCALE)
            let glyphs = run.pointee.glyphs.pointee
            var x = Double(logical.x) / Double(PANGO_SCALE)
            for index in 0..<Int(glyphs.num_glyphs) {
                let info = glyphs.glyphs[index]
                defer { x += Double(info.geometry.width) / Double(PANGO_SCALE) }
                guard info.glyph != Self.emptyGlyph else { continue }
                guard found == nil, let font = run.pointee.item.pointee.analysis.font else { return false }
                found = (
                    font, info.glyph, x + Double(info.geometry.x_offset) / Double(PANGO_SCALE),
                    baseline + Double(info.geometry.y_offset) / Double(PANGO_SCALE)
                )
            }
        } while pango_layout_iter_next_run(iterator) != 0
        guard let found else { return false }
        var left = 0.0
        var top = 0.0
        guard let picture = emojiart_colour_glyph_png(found.font, found.glyph, &left, &top) else { return false }
        defer { cairo_surface_destroy(picture) }
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        // Whole pixels, as FreeType's bitmap bearings are (HarfBuzz's come scaled, a hair off).
        cairo_set_source_surface(
            cr, picture, (found.x - layoutLeft).rounded() + left.rounded(), (found.y - layoutTop).rounded() + top.rounded())
        cairo_paint(cr)
        return true
    }
}
