import CPangoCairo
import EmojiArtCore

/// The guides of a snapped drag (R1), drawn over the canvas in view pixels like the selection
/// frame: each a 1 px line in the marks' guide colour (magenta, apart from the selection's blue;
/// with high contrast, ink over a halo, X10) across the things aligned. Never part of an export:
/// only the canvas calls it.
public enum SnapGuideOverlay {
    static let lineWidthInPixels = 1.0

    /// Strokes `guides` where `viewport` shows them in a view of `viewSize`, over the content
    /// and the selection frame.
    public static func draw(
        _ guides: [SnapGuide], viewport: Viewport, viewSize: ViewSize, colours: MarkColours = .standard, into cr: OpaquePointer
    ) {
        guard !guides.isEmpty else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        for guide in guides {
            let start = viewport.viewPoint(for: guide.start, in: viewSize)
            let end = viewport.viewPoint(for: guide.end, in: viewSize)
            switch guide.orientation {
            case .vertical:
                guard let (x, top, bottom) = crispLine(at: start.x, from: start.y, to: end.y, in: (viewSize.width, viewSize.height))
                else { continue }
                cairo_move_to(cr, x, top)
                cairo_line_to(cr, x, bottom)
            case .horizontal:
                guard let (y, left, right) = crispLine(at: start.y, from: start.x, to: end.x, in: (viewSize.height, viewSize.width))
                else { continue }
                cairo_move_to(cr, left, y)
                cairo_line_to(cr, right, y)
            }
        }
        if colours.isHighContrast {
            cairo_set_line_width(cr, 3 * colours.lineScale)
            setHalo(colours, into: cr)
            cairo_stroke_preserve(cr)
        }
        cairo_set_line_width(cr, lineWidthInPixels * colours.lineScale)
        setInk(colours.guide, into: cr)
        cairo_stroke(cr)
    }

    /// A 1 px line at `position` across the view, from `first` to `last` along it, placed to fill
    /// whole pixels: centred half a pixel past the nearest pixel boundary, so a guide and the
    /// frame edge it meets look the same line whether the edge fell a hair before or after that
    /// boundary; its ends on boundaries too, and cut to the view — cairo's coordinates are 24.8
    /// fixed point, and a guide to a far target at zoom 20 could reach past their ±8 million.
    /// `view` is the view's length across and along the line. Nil when the line misses the view.
    private static func crispLine(
        at position: Double, from first: Double, to last: Double, in view: (across: Double, along: Double)
    ) -> (position: Double, first: Double, last: Double)? {
        let boundary = position.rounded()
        let low = max(min(first, last).rounded(), 0)
        let high = min(max(first, last).rounded(), view.along.rounded(.up))
        guard boundary >= 0, boundary < view.across, low <= high else { return nil }
        // A guide shorter than a pixel still shows as one.
        return (boundary + lineWidthInPixels / 2, low, max(high, low + 1))
    }
}
