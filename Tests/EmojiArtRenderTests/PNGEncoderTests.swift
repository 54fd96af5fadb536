import CGdkPixbuf
import CPangoCairo
import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtRender

/// The fast PNG writer must write exactly the pixels cairo's own writer writes: both files are
/// decoded by gdk-pixbuf (straight, not premultiplied, so a rounding difference cannot hide) and
/// compared byte for byte.
@Suite struct PNGEncoderTests {
    /// Both paths: libdeflate in one call, and zlib row by row (forced with a limit of 0 pixels).
    static let oneShotLimits = [PNGEncoder.defaultOneShotLimitInPixels, 0]

    @Test("an opaque picture decodes to cairo's pixels, as RGB", arguments: oneShotLimits)
    func opaque(oneShotLimit: Int) throws {
        let surface = Self.surface(width: 301, height: 97) { cr in
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            Self.paintGradients(cr, width: 301, height: 97)
        }
        defer { cairo_surface_destroy(surface) }
        let ours = try PNGEncoder.encode(surface, oneShotLimitInPixels: oneShotLimit)
        let reference = Self.cairoPNG(surface)
        let decoded = try #require(DecodedPNG(ours))
        #expect(decoded.channels == 3)
        #expect(decoded == DecodedPNG(reference))
    }

    @Test("partial transparency decodes to cairo's unpremultiplied pixels, as RGBA", arguments: oneShotLimits)
    func translucent(oneShotLimit: Int) throws {
        let surface = Self.surface(width: 256, height: 256) { cr in
            Self.paintGradients(cr, width: 256, height: 256)
        }
        defer { cairo_surface_destroy(surface) }
        let ours = try PNGEncoder.encode(surface, oneShotLimitInPixels: oneShotLimit)
        let decoded = try #require(DecodedPNG(ours))
        #expect(decoded.channels == 4)
        #expect(decoded == DecodedPNG(Self.cairoPNG(surface)))
    }

    @Test("an export of emojis on white is pixel for pixel what cairo's writer made of it")
    func exportedArt() throws {
        var model = EmojiArtModel()
        for index in 0..<200 {
            let text = ["😀", "🐶", "🌲", "☀️", "🐻‍❄️"][index % 5]
            model.addEmoji(text, at: DocumentPoint(x: Double(index * 37 % 400), y: Double(index * 53 % 300)), size: Double(12 + index % 50))
        }
        for transparent in [false, true] {
            let options = ExportOptions(format: .png, isTransparent: transparent)
            let ours = try DocumentExporter().export(model, background: nil, options: options)
            let geometry = try ExportGeometry(model: model, backgroundSize: nil, options: options)
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(geometry.pixelWidth), Int32(geometry.pixelHeight))!
            defer { cairo_surface_destroy(surface) }
            let cr = cairo_create(surface)!
            if !transparent {
                cairo_set_source_rgb(cr, 1, 1, 1)
                cairo_paint(cr)
            }
            DocumentRenderer().draw(
                model, background: nil, viewport: geometry.viewport, viewSize: geometry.viewSize, deviceScale: 1,
                selection: [], into: cr)
            cairo_destroy(cr)
            let decoded = try #require(DecodedPNG(ours))
            #expect(decoded == DecodedPNG(Self.cairoPNG(surface)), "transparent: \(transparent)")
        }
    }

    /// Colours and alphas that exercise every rounding case of unpremultiplying.
    private static func paintGradients(_ cr: OpaquePointer, width: Double, height: Double) {
        let across = cairo_pattern_create_linear(0, 0, width, 0)!
        cairo_pattern_add_color_stop_rgba(across, 0, 1, 0.2, 0, 0)
        cairo_pattern_add_color_stop_rgba(across, 0.5, 0.1, 0.9, 0.3, 0.6)
        cairo_pattern_add_color_stop_rgba(across, 1, 0, 0.3, 1, 1)
        cairo_set_source(cr, across)
        cairo_paint(cr)
        cairo_pattern_destroy(across)
        let down = cairo_pattern_create_linear(0, 0, 0, height)!
        cairo_pattern_add_color_stop_rgba(down, 0, 0.7, 0.7, 0.1, 0.9)
        cairo_pattern_add_color_stop_rgba(down, 1, 0.2, 0, 0.5, 0.05)
        cairo_set_source(cr, down)
        cairo_arc(cr, width / 2, height / 2, min(width, height) / 3, 0, 2 * .pi)
        cairo_fill(cr)
        cairo_pattern_destroy(down)
    }

    private static func surface(width: Int, height: Int, _ paint: (OpaquePointer) -> Void) -> OpaquePointer {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(surface)!
        paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    private static func cairoPNG(_ surface: OpaquePointer) -> Data {
        var bytes = Data()
        withUnsafeMutablePointer(to: &bytes) { pointer in
            _ = cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    closure.assumingMemoryBound(to: Data.self).pointee.append(data, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, pointer)
        }
        return bytes
    }
}

/// A PNG decoded by gdk-pixbuf: straight RGB(A) bytes, row padding removed.
private struct DecodedPNG: Equatable {
    let width: Int
    let height: Int
    let channels: Int
    let bytes: [UInt8]

    init?(_ data: Data) {
        guard let loader = gdk_pixbuf_loader_new_with_type("png", nil) else { return nil }
        defer { g_object_unref(loader) }
        let wrote = data.withUnsafeBytes {
            gdk_pixbuf_loader_write(loader, $0.bindMemory(to: UInt8.self).baseAddress, gsize($0.count), nil)
        }
        let closed = gdk_pixbuf_loader_close(loader, nil)
        guard wrote != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader),
            let pixels = gdk_pixbuf_read_pixels(pixbuf)
        else { return nil }
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        var bytes = [UInt8]()
        bytes.reserveCapacity(width * height * channels)
        for row in 0..<height {
            bytes.append(contentsOf: UnsafeBufferPointer(start: pixels + row * stride, count: width * channels))
        }
        self.bytes = bytes
    }
}
