import CPangoCairo
import EmojiArtCore
import Foundation

/// Small images made with cairo for the tests, so no fixture file is needed.
public enum TestImages {
    /// PNG bytes of a `width` × `height` image drawn by `paint`.
    public static func png(width: Int, height: Int, _ paint: (_ cr: OpaquePointer) -> Void) -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let cr = cairo_create(surface)!
        paint(cr)
        cairo_destroy(cr)
        var bytes = Data()
        withUnsafeMutablePointer(to: &bytes) { pointer in
            _ = cairo_surface_write_to_png_stream(surface, appendPNGBytes, pointer)
        }
        cairo_surface_destroy(surface)
        return bytes
    }

    /// An image whose left half is red and right half is blue.
    public static func redBluePNG(width: Int, height: Int) -> Data {
        png(width: width, height: height) { cr in
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_rectangle(cr, 0, 0, Double(width) / 2, Double(height))
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 1)
            cairo_rectangle(cr, Double(width) / 2, 0, Double(width) / 2, Double(height))
            cairo_fill(cr)
        }
    }

    /// PNG bytes of random pixels, which no encoder can compress much: opaque, or with random
    /// transparency (premultiplied, as cairo stores it). The same bytes every time.
    public static func noisePNG(width: Int, height: Int, opaque: Bool) -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let pixels = cairo_image_surface_get_data(surface)!
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let random = UInt32(truncatingIfNeeded: state >> 32)
                let alpha = opaque ? 255 : (random >> 24) | 1
                let channel = { (shift: UInt32) in ((random >> shift) & 0xFF) * alpha / 255 }
                let pixel = alpha << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
                (pixels + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = pixel }
            }
        }
        cairo_surface_mark_dirty(surface)
        var bytes = Data()
        withUnsafeMutablePointer(to: &bytes) { pointer in
            _ = cairo_surface_write_to_png_stream(surface, appendPNGBytes, pointer)
        }
        cairo_surface_destroy(surface)
        return bytes
    }

    /// A model holding `emojis` as (text, x, y, size), with ids 1, 2, 3… in that order.
    public static func model(_ emojis: [(String, Double, Double, Double)]) -> EmojiArtModel {
        var model = EmojiArtModel()
        for (text, x, y, size) in emojis {
            model.addEmoji(text, at: DocumentPoint(x: x, y: y), size: size)
        }
        return model
    }
}

private let appendPNGBytes: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    closure.assumingMemoryBound(to: Data.self).pointee.append(data, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}
