import CPangoCairo
import EmojiArtCore
import Foundation

/// A document's first frame painted ahead of its window, on the launch's decode thread while GTK
/// starts, for the window's `ContentLayer` to show at its first draw instead of painting it there.
///
/// The canvas's size is not known before GTK lays the window out, so the frame is painted a
/// little larger than the canvas is expected to be, around the same centre: any canvas inside
/// it whose edges fall on whole device pixels of it, at the same viewport and device scale,
/// is a part of it, pixel for pixel (a view shows the document origin at its centre plus the
/// pan; every emoji is placed and resampled in frame pixels, and a pixel's value does not
/// depend on the tile that paints it).
///
/// Painted by one thread, read by another once handed over; read-only then.
public final class PrepaintedFrame: @unchecked Sendable {
    let emojis: [Emoji]
    let viewport: Viewport
    let deviceScale: Double
    private let surface: OpaquePointer
    private let pixelWidth: Int
    private let pixelHeight: Int

    /// Rows and columns painted beyond each side of the expected canvas: a canvas that much
    /// smaller or larger (by an even number of device pixels) is still inside the frame.
    static let slack = 8.0

    /// The frame of `model` through `viewport` for a canvas expected at `expectedSize`, painted by
    /// `renderer` from its glyphs; nil when that frame would not be exact (an emoji whose glyph
    /// is not decoded) or no memory is left for it.
    public init?(
        _ model: EmojiArtModel, viewport: Viewport, expectedSize: ViewSize, deviceScale: Double, renderer: DocumentRenderer
    ) {
        let scale = deviceScale.isFinite && deviceScale > 0 ? deviceScale : 1
        let size = ViewSize(width: expectedSize.width + 2 * Self.slack, height: expectedSize.height + 2 * Self.slack)
        guard size.isDrawable else { return nil }
        let width = Int((size.width * scale).rounded(.up))
        let height = Int((size.height * scale).rounded(.up))
        guard width <= 32_767, height <= 32_767,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, scale, scale)
        // As a view's first frame paints: no raster made for one use (`ContentLayer`).
        let outcome = renderer.drawDirectly(
            model, background: nil, viewport: viewport, viewSize: size, deviceScale: scale, selection: [],
            intoImage: surface, rastersPayOff: false)
        guard outcome == .exact, renderer.lastUnpaintedCount == 0 else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        self.emojis = model.emojis
        self.viewport = viewport
        self.deviceScale = scale
        self.surface = surface
        pixelWidth = width
        pixelHeight = height
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Copies the part of the frame a view of `viewSize` shows into `target`, an ARGB32 image of
    /// that view at this frame's device scale; false (nothing copied) unless the view shows these
    /// emojis through this viewport, lies inside the frame and on its pixels.
    func copy(
        into target: OpaquePointer, emojis: [Emoji], viewport: Viewport, viewSize: ViewSize, deviceScale: Double
    ) -> Bool {
        guard viewport == self.viewport, deviceScale == self.deviceScale,
            cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
        else { return false }
        let targetWidth = Int(cairo_image_surface_get_width(target))
        let targetHeight = Int(cairo_image_surface_get_height(target))
        // The views share their centre: each side of the frame reaches half the difference further.
        let horizontal = (Double(pixelWidth) - viewSize.width * deviceScale) / 2
        let vertical = (Double(pixelHeight) - viewSize.height * deviceScale) / 2
        guard horizontal >= 0, vertical >= 0, horizontal == horizontal.rounded(), vertical == vertical.rounded(),
            targetWidth + 2 * Int(horizontal) == pixelWidth, targetHeight + 2 * Int(vertical) == pixelHeight,
            emojis == self.emojis
        else { return false }
        cairo_surface_flush(target)
        guard let source = cairo_image_surface_get_data(surface), let destination = cairo_image_surface_get_data(target)
        else { return false }
        let sourceStride = Int(cairo_image_surface_get_stride(surface))
        let destinationStride = Int(cairo_image_surface_get_stride(target))
        let left = Int(horizontal) * 4
        for row in 0..<targetHeight {
            memcpy(destination + row * destinationStride, source + (row + Int(vertical)) * sourceStride + left, targetWidth * 4)
        }
        cairo_surface_mark_dirty(target)
        return true
    }
}
