import CPangoCairo
import EmojiArtCore
import Foundation

/// Small images made with cairo for the tests, so no fixture file is needed.
enum TestImages {
    /// PNG bytes of a `width` × `height` image drawn by `paint`.
    static func png(width: Int, height: Int, _ paint: (_ cr: OpaquePointer) -> Void) -> Data {
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
    static func redBluePNG(width: Int, height: Int) -> Data {
        png(width: width, height: height) { cr in
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_rectangle(cr, 0, 0, Double(width) / 2, Double(height))
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 0, 0, 1)
            cairo_rectangle(cr, Double(width) / 2, 0, Double(width) / 2, Double(height))
            cairo_fill(cr)
        }
    }

    /// A model holding `emojis` as (text, x, y, size), with ids 1, 2, 3… in that order.
    static func model(_ emojis: [(String, Double, Double, Double)]) -> EmojiArtModel {
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
