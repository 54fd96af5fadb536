import CPangoCairo
import EmojiArtCore

/// The layer's image surfaces: made, cleared, and drawn moved and scaled to a viewport.
extension ContentLayer {
    /// A transparent ARGB32 image surface for the layer, in view coordinates at `deviceScale`.
    static func makeSurface(width: Int, height: Int, deviceScale: Double) -> OpaquePointer? {
        guard width <= Self.maximumSurfaceSide, height <= Self.maximumSurfaceSide else { return nil }
        let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard let created, cairo_surface_status(created) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            return nil
        }
        // The renderer draws in view coordinates, as into a GtkDrawingArea on a HiDPI screen.
        cairo_surface_set_device_scale(created, deviceScale, deviceScale)
        return created
    }

    /// Makes all of `surface` transparent.
    static func clear(_ surface: OpaquePointer) {
        // cairo_create never returns NULL (an error context at worst), but Swift sees an optional.
        guard let cr = cairo_create(surface) else { return }
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_destroy(cr)
    }

    /// Paints the layer rendered at `renderedAt` as `viewport` shows the same document: a view
    /// point p of the old frame moves to origin′ + (p − origin)·(zoom′ / zoom).
    func blit(
        _ surface: OpaquePointer, renderedAt renderedViewport: Viewport, to viewport: Viewport,
        viewSize: ViewSize, deviceScale: Double, into cr: OpaquePointer
    ) {
        let oldOrigin = renderedViewport.documentOrigin(in: viewSize)
        let newOrigin = viewport.documentOrigin(in: viewSize)
        let factor = viewport.zoom / renderedViewport.zoom
        cairo_save(cr)
        cairo_rectangle(cr, 0, 0, viewSize.width, viewSize.height)
        cairo_clip(cr)
        if factor == 1 {
            // A pure pan: whole device pixels keep the copy exact instead of filtered.
            let dx = ((newOrigin.x - oldOrigin.x) * deviceScale).rounded() / deviceScale
            let dy = ((newOrigin.y - oldOrigin.y) * deviceScale).rounded() / deviceScale
            cairo_set_source_surface(cr, surface, dx, dy)
        } else {
            cairo_translate(cr, newOrigin.x, newOrigin.y)
            cairo_scale(cr, factor, factor)
            cairo_translate(cr, -oldOrigin.x, -oldOrigin.y)
            cairo_set_source_surface(cr, surface, 0, 0)
            // Never the default GOOD on a scaled source (DESIGN "Performance budget").
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        }
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
