import CGdkPixbuf
import CPangoCairo

/// Copies a GdkPixbuf into a cairo image surface without GDK (which would bring GTK into Render):
/// gdk-pixbuf stores RGB(A) bytes, straight alpha; cairo wants native-endian ARGB32 words with
/// premultiplied alpha.
enum PixbufSurface {
    static func makeSurface(from pixbuf: OpaquePointer) -> OpaquePointer {
        let width = Int(gdk_pixbuf_get_width(pixbuf))
        let height = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        cairo_surface_flush(surface)
        guard let source = gdk_pixbuf_read_pixels(pixbuf), let target = cairo_image_surface_get_data(surface) else {
            return surface
        }
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<height {
            let sourceRow = source + row * sourceStride
            let targetRow = UnsafeMutableRawPointer(target + row * targetStride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let pixel = sourceRow + column * channels
                let alpha = hasAlpha ? UInt32(pixel[3]) : 255
                let red = UInt32(pixel[0]) * alpha / 255
                let green = UInt32(pixel[1]) * alpha / 255
                let blue = UInt32(pixel[2]) * alpha / 255
                targetRow[column] = alpha << 24 | red << 16 | green << 8 | blue
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
