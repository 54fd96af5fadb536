import CBenchmarkPangoCairo
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Frame times for 10,000 emojis of 40 pt on a 1920×1080 view (issues #3 and #6): the canvas's
/// crisp re-render, its interactive frame (a pan in progress reuses the cached content layer),
/// and a naive reference that lays out and shows every emoji with Pango.
enum FrameBenchmarks {
    static let viewSize = ViewSize(width: 1920, height: 1080)

    @Sendable static func run() -> [Row] {
        let model = Workloads.model(emojiCount: 10_000)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(viewSize.width), Int32(viewSize.height))
        let cr = cairo_create(surface)!
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        let viewport = Viewport()

        let renderer = DocumentRenderer()
        let crisp = Measure.medianMilliseconds(runs: 10) {
            clear(cr)
            renderer.draw(model, background: nil, viewport: viewport, viewSize: viewSize, deviceScale: 1, selection: [], into: cr)
        }

        let layer = ContentLayer(renderer: renderer)
        layer.draw(model, background: nil, viewport: viewport, viewSize: viewSize, deviceScale: 1, selection: [], into: cr, isInteractive: false)
        var offset = 0.0
        let interactive = Measure.medianMilliseconds(runs: 30) {
            offset += 3
            clear(cr)
            layer.draw(
                model, background: nil, viewport: viewport.panned(by: ViewVector(dx: offset, dy: offset / 2)), viewSize: viewSize,
                deviceScale: 1, selection: [], into: cr, isInteractive: true)
        }

        let naive = Measure.medianMilliseconds(runs: 5) {
            clear(cr)
            drawNaively(model, viewport: viewport, into: cr)
        }
        return [
            Row(name: "frame, 10k emojis 1920×1080: crisp", value: String(format: "%.1f ms", crisp), note: "raster cache warm"),
            Row(name: "frame, 10k emojis: interactive (pan)", value: String(format: "%.2f ms", interactive),
                note: String(format: "%.0f× faster than naive", naive / interactive)),
            Row(name: "frame, 10k emojis: naive Pango", value: String(format: "%.1f ms", naive), note: "layout + show per emoji"),
        ]
    }

    private static func clear(_ cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
    }

    /// The reference: one Pango layout and show per emoji, as a straightforward canvas would.
    private static func drawNaively(_ model: EmojiArtModel, viewport: Viewport, into cr: OpaquePointer) {
        let layout = pango_cairo_create_layout(cr)
        let font = pango_font_description_from_string("Noto Color Emoji")
        defer {
            pango_font_description_free(font)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        for emoji in model.emojis {
            let center = viewport.viewPoint(for: emoji.position, in: viewSize)
            pango_font_description_set_absolute_size(font, emoji.size * viewport.zoom / 1.171875 * Double(PANGO_SCALE))
            pango_layout_set_font_description(layout, font)
            pango_layout_set_text(layout, emoji.text, -1)
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            cairo_move_to(cr, center.x - Double(width) / 2, center.y - Double(height) / 2)
            pango_cairo_show_layout(cr, layout)
        }
    }
}
