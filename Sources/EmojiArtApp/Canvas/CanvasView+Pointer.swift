import CGtk
import EmojiArtCore

extension CanvasView {
    /// Tracks the pointer: Ctrl+scroll zooms around it (G2), and it picks the cursor (X3).
    func installPointerTracking() {
        let motion = gtk_event_controller_motion_new()!
        onPointSignal(motion, "motion") { [unowned self] x, y in
            pointer = ViewPoint(x: x, y: y)
            updateCursor()
        }
        onPointSignal(motion, "enter") { [unowned self] x, y in
            pointer = ViewPoint(x: x, y: y)
        }
        onSignal(motion, "leave") { [unowned self] in
            pointer = nil
        }
        gtk_widget_add_controller(drawingArea, motion)  // the widget owns the controller now
    }

    /// Grab while panning, a move cursor over a selected emoji (X3).
    func updateCursor() {
        let name: String?
        switch drag {
        case .panning: name = "grabbing"
        case .moving: name = "move"
        case .idle:
            if let pointer, let emoji = emoji(at: pointer), selection.contains(emoji.id) {
                name = "move"
            } else {
                name = nil
            }
        }
        gtk_widget_set_cursor_from_name(drawingArea, name)
    }

    /// The topmost emoji under a view point, if any.
    func emoji(at point: ViewPoint) -> Emoji? {
        document.model.topmostEmoji(at: effectiveViewport.documentPoint(for: point, in: viewSize))
    }
}
