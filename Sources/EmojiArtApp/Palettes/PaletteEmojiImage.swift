import CGtk
import EmojiArtRender

/// The picture inside a palette strip button: a drawing area of a fixed size that paints the
/// emoji's image from `PaletteGlyphs`, instead of a label laying out colour-emoji text on the
/// main thread while the first window is built. Until the image is ready the area stays empty at its final size.
@MainActor
enum PaletteEmojiImage {
    /// The emoji's height in logical pixels at the current text size (A1: the strip grows with
    /// the desktop's text, as its label text did).
    static var logicalPixelSize: Int {
        max(1, Int((Double(PaletteGlyphs.basePixelSize) * TextScale.factor).rounded()))
    }

    /// The width of a picture `height` logical pixels high: Noto Color Emoji's advance (1.245 em,
    /// the width the label had).
    static func width(forHeight height: Int) -> Int {
        Int((Double(height) * 1.0625).rounded(.up))
    }

    /// A new drawing area showing `emoji`, sized for `logicalPixelSize`: as wide as Noto Color
    /// Emoji's advance, as tall as its line.
    static func make(_ emoji: String) -> UnsafeMutablePointer<GtkWidget> {
        let area = gtk_drawing_area_new()!
        let height = logicalPixelSize
        let width = width(forHeight: height)
        gtk_drawing_area_set_content_width(cast(area), Int32(width))
        gtk_drawing_area_set_content_height(cast(area), Int32(height))
        gtk_widget_set_can_target(area, 0)  // clicks and drags belong to the button
        setDrawFunction(of: area) { cr, width, height in
            // A plain pointer, not a reference: the area owns this closure, never the reverse.
            draw(emoji, in: area, cr: cr, width: Int(width), height: Int(height))
        }
        return area
    }

    /// Areas that drew before their image was made, each with a reference, drawn again when
    /// `PaletteGlyphs` has made more images (wherever the area is: strip, menu or editor).
    private static var waiting: [UnsafeMutablePointer<GtkWidget>] = []
    private static var glyphObserver: Int?

    private static func drawAgainWhenMade(_ area: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref(area.raw)
        waiting.append(area)
        guard glyphObserver == nil else { return }
        glyphObserver = PaletteGlyphs.shared.addObserver {
            let areas = waiting
            waiting = []
            for area in areas {
                gtk_widget_queue_draw(area)  // harmless on an area already disposed
                g_object_unref(area.raw)
            }
        }
    }

    private static func draw(_ emoji: String, in area: UnsafeMutablePointer<GtkWidget>, cr: OpaquePointer, width: Int, height: Int) {
        let scale = max(1, Int(gtk_widget_get_scale_factor(area)))
        // Sized from the area's height, so a text-size change (which rebuilds the strip) and a
        // scale change (which redraws it) both get an image made for what is shown.
        guard let made = PaletteGlyphs.shared.raster(of: emoji, pixelSize: height * scale) else { return drawAgainWhenMade(area) }
        guard let raster = made else { return }
        PaletteGlyphs.paint(raster, into: cr, width: width, height: height, deviceScale: scale)
    }
}
