import CPangoCairo
import EmojiArtRender
import Foundation

/// Compares two rasters' pixels, centre on centre.
public enum RasterComparison {
    /// Peak signal-to-noise ratio in dB over every channel of the square both rasters cover,
    /// centred on each other (`.infinity` when identical), the reference moved right by
    /// `shiftingReferenceBy` pixels.
    public static func psnr(_ raster: EmojiRaster, _ reference: EmojiRaster, shiftingReferenceBy shift: Int = 0) -> Double {
        let side = min(raster.side, reference.side)
        let offsetA = (raster.side - side) / 2
        let offsetB = (reference.side - side) / 2
        let (pixelsA, pixelsB) = (pixels(of: raster), pixels(of: reference))
        func pixel(_ pixels: [UInt32], side: Int, _ x: Int, _ y: Int) -> UInt32 {
            x >= 0 && y >= 0 && x < side && y < side ? pixels[y * side + x] : 0
        }
        var squaredError = 0.0
        for y in 0..<side {
            for x in 0..<side {
                let a = pixel(pixelsA, side: raster.side, x + offsetA, y + offsetA)
                let b = pixel(pixelsB, side: reference.side, x + offsetB - shift, y + offsetB)
                for channel in stride(from: 0, to: 32, by: 8) {
                    let difference = Double(Int((a >> UInt32(channel)) & 0xFF) - Int((b >> UInt32(channel)) & 0xFF))
                    squaredError += difference * difference
                }
            }
        }
        let meanSquaredError = squaredError / Double(side * side * 4)
        return meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError)
    }

    /// The raster's square, row after row (transparent when cairo has no memory for it).
    public static func pixels(of raster: EmojiRaster) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: raster.side * raster.side)
        guard let surface = raster.makeSurface() else { return pixels }
        defer { cairo_surface_destroy(surface) }
        guard let data = cairo_image_surface_get_data(surface) else { return pixels }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<raster.side {
            for x in 0..<raster.side {
                pixels[y * raster.side + x] = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)[x]
            }
        }
        return pixels
    }
}
