import CPangoCairo

/// The paper under the picture on screen: white, as in the original, and in dark style
/// libadwaita's dark view colour (#1e1e1e, as its text views and lists use): a step darker than
/// the window around it, so the palette bar still reads as its own strip and a dark desktop is
/// not lit by a white sheet. Exports and prints are always drawn on white (`DocumentExporter`).
public enum CanvasPaper: Sendable {
    case light, dark

    public var red: Double { self == .light ? 1 : 0x1E / 255 }
    public var green: Double { red }
    public var blue: Double { red }

    public func paint(into cr: OpaquePointer) {
        cairo_set_source_rgb(cr, red, green, blue)
        cairo_paint(cr)
    }
}
