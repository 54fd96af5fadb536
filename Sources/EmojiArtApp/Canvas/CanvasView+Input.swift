import CGtk
import EmojiArtCore
import Foundation

/// GTK's pointer, scroll and gesture events, forwarded to the interaction core. Every click
/// also yields a zero-length drag, which the core treats as nothing (DESIGN joint 7).
extension CanvasView {
    func installPointer() {
        let motion = gtk_event_controller_motion_new()!
        connect(motion, .motion) { [unowned self] x, y in apply(interaction.pointerMoved(to: ViewPoint(x: x, y: y))) }
        connect(motion, .pointerEnter) { [unowned self] x, y in apply(interaction.pointerMoved(to: ViewPoint(x: x, y: y))) }
        connect(motion, .leave) { [unowned self] in apply(interaction.pointerMoved(to: nil)) }
        gtk_widget_add_controller(drawingArea, motion)  // the widget owns the controller now

        let click = gtk_gesture_click_new()!
        connect(click, .clickPressed) { [unowned self] count, x, y in
            gtk_widget_grab_focus(drawingArea)
            apply(interaction.press(count: Int(count), at: ViewPoint(x: x, y: y), modifiers: modifiers(of: click)))
        }
        gtk_widget_add_controller(drawingArea, opaque(click))

        // S9: the secondary button and a touch long-press open the context menu.
        let secondary = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(opaque(secondary), guint(GDK_BUTTON_SECONDARY))
        connect(secondary, .clickPressed) { [unowned self] _, x, y in
            gtk_widget_grab_focus(drawingArea)
            showContextMenu(at: ViewPoint(x: x, y: y))
        }
        gtk_widget_add_controller(drawingArea, opaque(secondary))
        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(opaque(longPress), 1)
        connect(longPress, .longPressPressed) { [unowned self] x, y in
            let point = ViewPoint(x: x, y: y)
            apply(interaction.longPressed(at: point))  // the finger's small move is put back
            showContextMenu(at: point)
        }
        gtk_widget_add_controller(drawingArea, opaque(longPress))

        let drag = gtk_gesture_drag_new()!
        connect(drag, .dragBegin) { [unowned self] x, y in
            apply(interaction.dragBegan(at: ViewPoint(x: x, y: y), modifiers: modifiers(of: drag)))
        }
        connect(drag, .dragUpdate) { [unowned self] dx, dy in
            apply(interaction.dragUpdated(offset: ViewVector(dx: dx, dy: dy), modifiers: modifiers(of: drag)))
        }
        connect(drag, .dragEnd) { [unowned self] dx, dy in
            apply(interaction.dragEnded(offset: ViewVector(dx: dx, dy: dy), modifiers: modifiers(of: drag)))
        }
        gtk_widget_add_controller(drawingArea, opaque(drag))
    }

    /// Ctrl+scroll and pinch zoom (G2) or scale the selection (S3); two fingers also turn it
    /// (S8): GtkGestureZoom and GtkGestureRotate grouped, so one two-finger gesture drives both.
    func installZoomAndRotate() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        connect(scroll, .scroll) { [unowned self] dx, dy in
            let isWheel = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
            apply(
                interaction.scrolled(
                    dx: dx, dy: dy, isWheel: isWheel, modifiers: modifiers(of: scroll), time: eventTime(of: scroll)))
            return true
        }
        gtk_widget_add_controller(drawingArea, scroll)

        let zoom = gtk_gesture_zoom_new()!
        connect(zoom, .gestureBegin) { [unowned self] _ in
            var x = 0.0
            var y = 0.0
            let size = interaction.viewSize
            if gtk_gesture_get_bounding_box_center(opaque(zoom), &x, &y) == 0 { (x, y) = (size.width / 2, size.height / 2) }
            apply(interaction.pinchBegan(at: ViewPoint(x: x, y: y)))
        }
        connect(zoom, .scaleChanged) { [unowned self] scale in apply(interaction.pinchScaled(to: scale)) }
        connect(zoom, .gestureEnd) { [unowned self] _ in apply(interaction.pinchEnded()) }
        gtk_widget_add_controller(drawingArea, opaque(zoom))

        let rotate = gtk_gesture_rotate_new()!
        // angle-changed passes (angle, delta) in radians; the delta since the gesture began grows
        // clockwise on screen (GTK inverts atan2 in its y-down space), as Core's degrees do.
        connect(rotate, .angleChanged) { [unowned self] _, delta in
            apply(interaction.pinchRotated(to: delta * 180 / .pi))
        }
        gtk_widget_add_controller(drawingArea, opaque(rotate))
        gtk_gesture_group(opaque(rotate), opaque(zoom))  // both must be on the widget first
    }

    /// Keys on the focused canvas, translated into Core's `CanvasKey` (S1, S5, S7, S8, S9, G5).
    func installKeys() {
        let keys = gtk_event_controller_key_new()!
        connect(keys, .keyPressed) { [unowned self] keyval, state in
            let modifiers = Self.modifiers(state.rawValue)
            guard let key = Self.canvasKey(Int32(bitPattern: keyval), modifiers: modifiers) else { return false }
            if key == .menu {
                showContextMenu(at: nil)
                return true
            }
            let time = eventTime(of: keys)
            guard let effects = interaction.key(key, modifiers: modifiers, time: time) else { return false }
            apply(effects)
            return true
        }
        gtk_widget_add_controller(drawingArea, keys)
    }

    /// The key by GDK's name, read through Core's one table (`CanvasKey.byKeyName`).
    private static func canvasKey(_ key: Int32, modifiers: CanvasModifiers) -> CanvasKey? {
        guard let name = gdk_keyval_name(guint(bitPattern: key)) else { return nil }
        return CanvasKey(keyName: String(cString: name), modifiers: modifiers)
    }

    private func modifiers(of controller: some GObjectPointer) -> CanvasModifiers {
        Self.modifiers(gtk_event_controller_get_current_event_state(opaque(controller)).rawValue)
    }

    private static func modifiers(_ state: UInt32) -> CanvasModifiers {
        var modifiers = CanvasModifiers()
        if state & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
        if state & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
        if state & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alt) }
        return modifiers
    }

    /// The event's own time in seconds: bursts (U3) are measured between events, not by a timer.
    private func eventTime(of controller: some GObjectPointer) -> Double {
        Double(gtk_event_controller_get_current_event_time(opaque(controller))) / 1000
    }
}
