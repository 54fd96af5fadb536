import CGtk
import EmojiArtCore

extension CanvasView {
    /// Nudging a selection with the arrow keys moves it this far, in document points (S5).
    private static let nudgeStep = 1.0
    private static let largeNudgeStep = 10.0

    /// Keys that act on the canvas only while it has focus: an application accelerator on Delete
    /// would also fire inside a focused text field and eat the key (DESIGN "keys").
    func installKeys() {
        let keys = gtk_event_controller_key_new()!
        onKeyPressed(keys) { [unowned self] keyval, state in
            handleKey(Int32(bitPattern: keyval), state: state.rawValue)
        }
        gtk_widget_add_controller(drawingArea, keys)
    }

    private func handleKey(_ key: Int32, state: UInt32) -> Bool {
        let isShift = state & GDK_SHIFT_MASK.rawValue != 0
        let isControl = state & GDK_CONTROL_MASK.rawValue != 0
        switch key {
        case GDK_KEY_Delete, GDK_KEY_KP_Delete, GDK_KEY_BackSpace:
            guard !selection.isEmpty else { return false }
            document.deleteEmojis(selection.ids)
        case GDK_KEY_Escape:
            guard !selection.isEmpty else { return false }
            selection.clear()
            redraw()
        case GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down:
            arrow(key, isShift: isShift)
        case GDK_KEY_a, GDK_KEY_A:
            guard isControl else { return false }
            selection.select(Set(document.model.emojis.map(\.id)))
            redraw()
        case GDK_KEY_v, GDK_KEY_V:
            guard isControl else { return false }
            paste()
        case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab:
            return stepSelection(backwards: isShift || key == GDK_KEY_ISO_Left_Tab)
        default:
            return false
        }
        return true
    }

    /// Arrows nudge the selection (S5) or, with nothing selected, pan the view (G5).
    private func arrow(_ key: Int32, isShift: Bool) {
        let (x, y): (Double, Double) = switch key {
        case GDK_KEY_Left: (-1, 0)
        case GDK_KEY_Right: (1, 0)
        case GDK_KEY_Up: (0, -1)
        default: (0, 1)
        }
        if selection.isEmpty {
            // The content moves opposite to the arrow, as when scrolling a page.
            pan(by: ViewVector(dx: -x * Viewport.arrowKeyPanStep, dy: -y * Viewport.arrowKeyPanStep))
        } else {
            let step = isShift ? Self.largeNudgeStep : Self.nudgeStep
            document.moveEmojis(selection.ids, by: DocumentVector(dx: x * step, dy: y * step))
        }
    }

    /// Tab and Shift+Tab select the next or previous emoji, so selection works without a mouse
    /// (S1, A2). Past the last emoji, Tab leaves the canvas as usual.
    private func stepSelection(backwards: Bool) -> Bool {
        let ids = document.model.emojis.map(\.id)
        guard !ids.isEmpty else { return false }
        let current = selection.ids.count == 1 ? ids.firstIndex(of: selection.ids.first!) : nil
        let next: Int
        switch (current, backwards) {
        case (nil, false): next = 0
        case (nil, true): next = ids.count - 1
        case (let index?, false): next = index + 1
        case (let index?, true): next = index - 1
        }
        guard ids.indices.contains(next) else {
            selection.clear()
            redraw()
            return false
        }
        selection.select([ids[next]])
        redraw()
        return true
    }
}
