/// The pointer's shape over the canvas (X3, S8), by CSS cursor name.
public enum CanvasCursor: String, Sendable, Hashable {
    case standard = "default"
    case grab
    case grabbing
    case move
    case crosshair
    case nwseResize = "nwse-resize"
    case neswResize = "nesw-resize"

    /// The name GTK's `gtk_widget_set_cursor_from_name` takes; nil for the default arrow.
    public var name: String? { self == .standard ? nil : rawValue }
}
