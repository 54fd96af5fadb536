import CPangoCairo
import EmojiArtCore

/// The guides of a snapped drag (R1), drawn over the canvas in view pixels like the selection
/// frame: each a 1 px line in magenta — the colour design tools give smart guides, apart from the
/// selection's blue — across the things aligned. Never part of an export: only the canvas calls it.
public enum SnapGuideOverlay {
    /// Magenta, #e01b84.
    static let colour = (red: 0xE0 / 255.0, green: 0x1B / 255.0, blue: 0x84 / 255.0)
    static let lineWidthInPixels = 1.0

    public static func draw(_ guides: [SnapGuide], viewport: Viewport, viewSize: ViewSize, into cr: OpaquePointer) {
        guard !guides.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_line_width(cr, lineWidthInPixels)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_source_rgb(cr, colour.red, colour.green, colour.blue)
        for guide in guides {
            let start = viewport.viewPoint(for: guide.start, in: viewSize)
            let end = viewport.viewPoint(for: guide.end, in: viewSize)
            switch guide.orientation {
            case .vertical:
                guard let column = crispCentre(start.x, within: viewSize.width),
                      let (top, bottom) = pixelSpan(start.y, end.y, within: viewSize.height)
                else { continue }
                cairo_move_to(cr, column, top)
                cairo_line_to(cr, column, bottom)
            case .horizontal:
                guard let row = crispCentre(start.y, within: viewSize.height),
                      let (left, right) = pixelSpan(start.x, end.x, within: viewSize.width)
                else { continue }
                cairo_move_to(cr, left, row)
                cairo_line_to(cr, right, row)
            }
        }
        cairo_stroke(cr)
    }

    /// Where a 1 px line along `position` is centred so it fills whole pixels: half a pixel past
    /// the nearest pixel boundary, so a guide and the frame edge it meets look the same line
    /// whether the edge fell a hair before or after that boundary. Nil when off the view.
    private static func crispCentre(_ position: Double, within length: Double) -> Double? {
        let boundary = position.rounded()
        guard boundary >= 0, boundary < length else { return nil }
        return boundary + lineWidthInPixels / 2
    }

    /// A guide's ends on whole pixels, cut to the view: cairo's coordinates are 24.8 fixed point,
    /// and a guide to a far target at zoom 20 could reach past their ±8 million. Nil when the
    /// guide misses the view.
    private static func pixelSpan(_ first: Double, _ second: Double, within length: Double) -> (Double, Double)? {
        let low = max(min(first, second).rounded(), 0)
        let high = min(max(first, second).rounded(), length.rounded(.up))
        guard low <= high else { return nil }
        // A guide shorter than a pixel still shows as one.
        return (low, max(high, low + 1))
    }
}
