import CPangoCairo
import EmojiArtCore

extension BackgroundImage {
    /// Paints the image centred on the document origin and scaled by the zoom (SPEC M1, G4) into
    /// `cr`, whose user space is view coordinates with `deviceScale` device pixels per unit.
    func draw(into cr: OpaquePointer, viewport: Viewport, viewSize: ViewSize, deviceScale: Double) {
        let origin = viewport.documentOrigin(in: viewSize)
        let scaleX = viewport.zoom * size.width / Double(pixelWidth)
        let scaleY = viewport.zoom * size.height / Double(pixelHeight)
        var left = origin.x - size.width * viewport.zoom / 2
        var top = origin.y - size.height * viewport.zoom / 2
        let isPixelForPixel = abs(scaleX * deviceScale - 1) < 1e-9 && abs(scaleY * deviceScale - 1) < 1e-9
        if isPixelForPixel {
            // At one image pixel per device pixel a whole-pixel offset makes a plain copy; a half
            // pixel (an odd view width) would blur the whole picture through the filter.
            left = (left * deviceScale).rounded() / deviceScale
            top = (top * deviceScale).rounded() / deviceScale
        }
        cairo_save(cr)
        cairo_translate(cr, left, top)
        cairo_scale(cr, scaleX, scaleY)
        cairo_set_source_surface(cr, surface, 0, 0)
        // Never the default GOOD on a scaled source: DESIGN measured 1,770 ms a frame with it.
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_rectangle(cr, 0, 0, Double(pixelWidth), Double(pixelHeight))
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
