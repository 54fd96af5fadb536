import CGtk
import EmojiArtCore

extension CanvasView {
    /// Clicks select (S1) and double-clicks fit (G1); drags pan on empty canvas (G3) and move
    /// emojis (S2). Every click also yields a zero-length drag, which changes nothing.
    func installClickAndDrag() {
        let click = gtk_gesture_click_new()!
        onPressSignal(click, "pressed") { [unowned self] count, x, y in
            gtk_widget_grab_focus(drawingArea)
            let state = gtk_event_controller_get_current_event_state(opaque(click))
            let extends = state.rawValue & (GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue) != 0
            press(count: Int(count), at: ViewPoint(x: x, y: y), extendingSelection: extends)
        }
        gtk_widget_add_controller(drawingArea, opaque(click))

        let dragGesture = gtk_gesture_drag_new()!
        onPointSignal(dragGesture, "drag-begin") { [unowned self] x, y in
            beginDrag(at: ViewPoint(x: x, y: y))
        }
        onPointSignal(dragGesture, "drag-update") { [unowned self] dx, dy in
            updateDrag(offset: ViewVector(dx: dx, dy: dy))
        }
        onPointSignal(dragGesture, "drag-end") { [unowned self] dx, dy in
            updateDrag(offset: ViewVector(dx: dx, dy: dy))
            endDrag()
        }
        gtk_widget_add_controller(drawingArea, opaque(dragGesture))
    }

    private func press(count: Int, at point: ViewPoint, extendingSelection: Bool) {
        let hit = emoji(at: point)
        if count >= 2 {
            if hit == nil { zoomToFit() }
            return
        }
        if let hit {
            if extendingSelection { selection.toggle(hit.id) } else { selection.click(on: hit.id) }
        } else if !extendingSelection {
            selection.clear()
        }
        updateCursor()
        redraw()
    }

    private func beginDrag(at point: ViewPoint) {
        if let hit = emoji(at: point) {
            let ids = selection.contains(hit.id) ? selection.ids : [hit.id]
            document.beginGesture(named: "Move")
            drag = .moving(ids: ids, applied: .zero)
        } else {
            drag = .panning(committedOffset: .zero)
        }
        updateCursor()
    }

    private func updateDrag(offset: ViewVector) {
        switch drag {
        case .idle:
            return
        case .panning(let committed):
            liveGesture.translation = offset - committed
            redraw()
        case .moving(let ids, let applied):
            let zoom = effectiveViewport.zoom
            let target = DocumentVector(dx: offset.dx / zoom, dy: offset.dy / zoom)
            document.moveEmojis(ids, by: DocumentVector(dx: target.dx - applied.dx, dy: target.dy - applied.dy))
            drag = .moving(ids: ids, applied: target)
        }
    }

    /// Keeps what the drag did: the pan stays (G3), the move becomes one undo step (U3).
    func endDrag() {
        switch drag {
        case .idle:
            break
        case .panning:
            commitLiveGesture()
        case .moving:
            document.endGesture()
        }
        drag = .idle
        updateCursor()
    }

    /// Folds the running gesture into the steady viewport, so a gesture that goes on (a pinch
    /// during a pan) continues from here.
    func commitLiveGesture() {
        let translation = liveGesture.translation
        let scale = liveGesture.scale
        viewport = effectiveViewport
        liveGesture = .identity
        if case .panning(let committed) = drag {
            drag = .panning(committedOffset: committed + translation)
        }
        if var running = pinch, !running.scalesSelection {
            running.appliedScale *= scale
            pinch = running
        }
        userDidMoveView()
        redraw()
    }

    /// The arrow keys pan by this much (G5).
    func pan(by offset: ViewVector) {
        viewport = viewport.panned(by: offset)
        userDidMoveView()
        viewDidStep()
        redraw()
    }
}
