import CPangoCairo
import EmojiArtCore

/// Others in a shared document (C5), drawn over the canvas in view pixels like the selection
/// frame: each one's selection as a frame in their colour and their pointer as an arrow with
/// their name. Never part of an export: only the canvas calls it.
public enum PresenceOverlay {
    /// One participant as the canvas shows them.
    public struct Participant: Sendable {
        public var name: String
        public var colour: (red: Double, green: Double, blue: Double)
        /// Where their pointer is on the document, if over it.
        public var pointer: DocumentPoint?
        /// The document rects of the emojis they selected.
        public var selection: [DocumentRect]

        public init(name: String, colour: (red: Double, green: Double, blue: Double), pointer: DocumentPoint?, selection: [DocumentRect]) {
            self.name = name
            self.colour = colour
            self.pointer = pointer
            self.selection = selection
        }
    }

    /// With high contrast (X10) each selection frame gets the marks' ink and halo around its colour.
    public static func draw(
        _ participants: [Participant], viewport: Viewport, viewSize: ViewSize, colours: MarkColours = .standard, into cr: OpaquePointer
    ) {
        guard !participants.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        for participant in participants {
            let colour = participant.colour
            for rect in participant.selection {
                let frame = viewport.viewRect(for: rect, in: viewSize).insetBy(-3)
                cairo_rectangle(cr, frame.minX, frame.minY, frame.width, frame.height)
                if colours.isHighContrast {
                    cairo_set_line_width(cr, 7)
                    setHalo(colours, into: cr)
                    cairo_stroke_preserve(cr)
                    cairo_set_line_width(cr, 5)
                    setInk(colours.ink, into: cr)
                    cairo_stroke_preserve(cr)
                }
                cairo_set_line_width(cr, 2)
                cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
                cairo_stroke(cr)
            }
            if let pointer = participant.pointer {
                drawPointer(at: viewport.viewPoint(for: pointer, in: viewSize), participant, into: cr)
            }
        }
    }

    private static func drawPointer(at point: ViewPoint, _ participant: Participant, into cr: OpaquePointer) {
        let colour = participant.colour
        // An arrow like the system's, in their colour with a white edge.
        cairo_move_to(cr, point.x, point.y)
        cairo_line_to(cr, point.x, point.y + 16)
        cairo_line_to(cr, point.x + 4.5, point.y + 12)
        cairo_line_to(cr, point.x + 11, point.y + 11)
        cairo_close_path(cr)
        cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_set_line_width(cr, 1.2)
        cairo_stroke(cr)
        // The name on a tag of their colour.
        guard let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string("Sans 9")
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, participant.name, -1)
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        let origin = ViewPoint(x: point.x + 12, y: point.y + 14)
        cairo_rectangle(cr, origin.x, origin.y, Double(width) + 8, Double(height) + 4)
        cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
        cairo_fill(cr)
        // White text on dark colours, black on light ones.
        let luminance = 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue
        let ink = luminance > 0.6 ? 0.0 : 1.0
        cairo_set_source_rgb(cr, ink, ink, ink)
        cairo_move_to(cr, origin.x + 4, origin.y + 2)
        pango_cairo_show_layout(cr, layout)
    }
}
