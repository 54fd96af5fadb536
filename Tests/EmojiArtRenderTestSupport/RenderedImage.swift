import CPangoCairo
import Foundation

/// One premultiplied ARGB32 pixel, split into channels.
public struct Pixel: Equatable {
    public var red: Int
    public var green: Int
    public var blue: Int
    public var alpha: Int

    public init(_ argb: UInt32) {
        alpha = Int(argb >> 24)
        red = Int((argb >> 16) & 0xFF)
        green = Int((argb >> 8) & 0xFF)
        blue = Int(argb & 0xFF)
    }

    /// Opaque and far from grey: an emoji drawn in colour, not a black text glyph.
    public var isColourful: Bool {
        alpha > 200 && max(abs(red - green), abs(green - blue), abs(red - blue)) > 60
    }

    /// Close to the selection mark's accent blue (#3584e4).
    public var isAccentBlue: Bool {
        alpha > 200 && blue > 170 && blue > red + 80 && blue > green + 40
    }

    /// Nearly white and opaque, like the selection mark's halo.
    public var isNearlyWhite: Bool {
        alpha > 200 && red > 190 && green > 190 && blue > 190
    }
}

/// Pixels read back from a cairo image surface after a test drew into it.
public struct RenderedImage {
    /// Size in device pixels.
    public let width: Int
    public let height: Int
    private let pixels: [UInt32]

    /// Draws with `body` into a new transparent ARGB32 surface of `width` × `height` view pixels at
    /// `deviceScale` and reads the result back; writes it as PNG to `pngPath` when given.
    public init(
        width: Int, height: Int, deviceScale: Double = 1, pngPath: String? = nil,
        _ body: (_ cr: OpaquePointer) -> Void
    ) {
        let pixelWidth = Int((Double(width) * deviceScale).rounded(.up))
        let pixelHeight = Int((Double(height) * deviceScale).rounded(.up))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        cairo_surface_set_device_scale(surface, deviceScale, deviceScale)
        let cr = cairo_create(surface)!
        body(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        if let pngPath { cairo_surface_write_to_png(surface, pngPath) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels = [UInt32](repeating: 0, count: pixelWidth * pixelHeight)
        for y in 0..<pixelHeight {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<pixelWidth { pixels[y * pixelWidth + x] = row[x] }
        }
        cairo_surface_destroy(surface)
        self.width = pixelWidth
        self.height = pixelHeight
        self.pixels = pixels
    }

    public func pixel(x: Int, y: Int) -> Pixel {
        Pixel(pixels[y * width + x])
    }

    public func pixel(x: Double, y: Double) -> Pixel {
        pixel(x: Int(x), y: Int(y))
    }

    /// Whole-pixel box `minX...maxX` × `minY...maxY` in device pixels.
    public struct Box: Equatable {
        public var minX, minY, maxX, maxY: Int
        public var width: Int { maxX - minX + 1 }
        public var height: Int { maxY - minY + 1 }
        public var centerX: Double { Double(minX + maxX + 1) / 2 }
        public var centerY: Double { Double(minY + maxY + 1) / 2 }

        public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        }
    }

    /// The bounds of the pixels that are not (nearly) transparent, optionally inside `region`.
    public func inkBounds(in region: Box? = nil) -> Box? {
        var bounds: Box?
        forEachPixel(in: region) { x, y, pixel in
            guard pixel.alpha > 24 else { return }
            if var box = bounds {
                box.minX = min(box.minX, x)
                box.minY = min(box.minY, y)
                box.maxX = max(box.maxX, x)
                box.maxY = max(box.maxY, y)
                bounds = box
            } else {
                bounds = Box(minX: x, minY: y, maxX: x, maxY: y)
            }
        }
        return bounds
    }

    /// How many pixels inside `region` (the whole image when nil) satisfy `test`.
    public func count(in region: Box? = nil, where test: (Pixel) -> Bool) -> Int {
        var count = 0
        forEachPixel(in: region) { _, _, pixel in
            if test(pixel) { count += 1 }
        }
        return count
    }

    /// Pixels whose channels differ from `other`'s by more than `tolerance` in any channel.
    public func differingPixelCount(from other: RenderedImage, tolerance: Int) -> Int {
        precondition(width == other.width && height == other.height)
        var count = 0
        for (mine, theirs) in zip(pixels, other.pixels) where mine != theirs {
            let a = Pixel(mine)
            let b = Pixel(theirs)
            let difference = max(
                abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue), abs(a.alpha - b.alpha))
            if difference > tolerance { count += 1 }
        }
        return count
    }

    /// How this frame, whose turned emojis were sampled straight from their glyphs' levels (a
    /// zoom step's first frame), differs from `other`, the frame painted from their turned rasters.
    public func levelSamplingDifference(from other: RenderedImage) -> LevelSamplingDifference {
        LevelSamplingDifference(
            pixels: width * height, over24: differingPixelCount(from: other, tolerance: 24),
            over64: differingPixelCount(from: other, tolerance: 64))
    }

    private func forEachPixel(in region: Box?, _ body: (Int, Int, Pixel) -> Void) {
        let box = region ?? Box(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1)
        for y in max(0, box.minY)...min(height - 1, box.maxY) {
            for x in max(0, box.minX)...min(width - 1, box.maxX) {
                body(x, y, Pixel(pixels[y * width + x]))
            }
        }
    }
}

extension RenderedImage.Box {
    /// The box of side `2 × half` around a point.
    public init(center x: Double, _ y: Double, half: Double) {
        self.init(minX: Int(x - half), minY: Int(y - half), maxX: Int(x + half), maxY: Int(y + half))
    }
}

/// The tolerance of turned emojis sampled straight from their glyphs' levels: one box from the
/// level instead of the raster's box and then a bilinear sample differs on turned edges — by more
/// than 24 levels in under 1% of the pixels, by more than 64 in under 1 in 10,000. Upright emojis
/// are the same pixels either way.
public struct LevelSamplingDifference: CustomStringConvertible {
    public var pixels: Int
    public var over24: Int
    public var over64: Int
    public var isWithinTolerance: Bool { over24 < pixels / 100 && over64 < max(1, pixels / 10_000) }
    public var description: String { "\(over24) of \(pixels) pixels differ by more than 24, \(over64) by more than 64" }
}
