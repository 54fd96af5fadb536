import CBenchmarkPangoCairo
import EmojiArtTestSupport
import Foundation

/// A stand-in for a user's photo as a background: a sky and a ground in gradients under soft
/// shapes of many colours, so it neither compresses to nothing nor is noise. The same PNG for
/// the same size.
enum PhotoBackground {
    static func png(width: Int, height: Int) -> Data {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        let cr = cairo_create(surface)
        let sky = cairo_pattern_create_linear(0, 0, 0, Double(height))
        cairo_pattern_add_color_stop_rgb(sky, 0, 0.35, 0.55, 0.85)
        cairo_pattern_add_color_stop_rgb(sky, 0.55, 0.85, 0.9, 0.95)
        cairo_pattern_add_color_stop_rgb(sky, 0.56, 0.35, 0.6, 0.25)
        cairo_pattern_add_color_stop_rgb(sky, 1, 0.2, 0.35, 0.15)
        cairo_set_source(cr, sky)
        cairo_paint(cr)
        cairo_pattern_destroy(sky)
        var sequence = SeededSequence(seed: 0x5DEE_CE66_D1CE_4E5B)
        for _ in 0..<4_000 {
            let (x, y) = (sequence.next() * Double(width), sequence.next() * Double(height))
            let radius = 4 + sequence.next() * 60
            cairo_set_source_rgba(cr, sequence.next(), sequence.next(), sequence.next(), 0.15 + sequence.next() * 0.3)
            cairo_arc(cr, x, y, radius, 0, 2 * .pi)
            cairo_fill(cr)
        }
        cairo_destroy(cr)
        var bytes = Data()
        withUnsafeMutablePointer(to: &bytes) { pointer in
            _ = cairo_surface_write_to_png_stream(surface, appendBytes, pointer)
        }
        cairo_surface_destroy(surface)
        return bytes
    }
}

private let appendBytes: cairo_write_func_t = { closure, data, length in
    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
    closure.assumingMemoryBound(to: Data.self).pointee.append(data, count: Int(length))
    return CAIRO_STATUS_SUCCESS
}
