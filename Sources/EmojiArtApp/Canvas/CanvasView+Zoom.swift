import CGtk
import EmojiArtCore
import Foundation

extension CanvasView {
    /// Touchpad scrolling reports pixels, not notches: this many pixels make one wheel notch.
    private static let touchpadPixelsPerNotch = 10.0
    /// One plain wheel notch pans this far, in view pixels (G5, beyond).
    private static let wheelPanStep = 40.0

    /// Ctrl+scroll and pinch end in the same zoom path, so GUI tests of Ctrl+scroll under Xvfb
    /// also cover pinch, which Xvfb cannot produce (DESIGN joint 7).
    func installZoom() {
        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES)!
        onScrollSignal(scroll) { [unowned self] dx, dy in
            let state = gtk_event_controller_get_current_event_state(scroll).rawValue
            let isWheel = gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL
            if state & GDK_CONTROL_MASK.rawValue != 0 {
                let notches = isWheel ? dy : dy / Self.touchpadPixelsPerNotch
                zoom(by: pow(Viewport.wheelZoomStep, -notches), around: pointer ?? viewSize.center)
            } else {
                let step = isWheel ? Self.wheelPanStep : 1
                var offset = ViewVector(dx: -dx * step, dy: -dy * step)
                if state & GDK_SHIFT_MASK.rawValue != 0 { offset = ViewVector(dx: offset.dy, dy: offset.dx) }
                pan(by: offset)
            }
            return true
        }
        gtk_widget_add_controller(drawingArea, scroll)

        let zoomGesture = gtk_gesture_zoom_new()!
        onSignal(zoomGesture, "begin") { [unowned self] (_: UnsafeMutableRawPointer?) in
            var x = 0.0, y = 0.0
            if gtk_gesture_get_bounding_box_center(opaque(zoomGesture), &x, &y) == 0 { (x, y) = (viewSize.width / 2, viewSize.height / 2) }
            beginPinch(at: ViewPoint(x: x, y: y))
        }
        onScaleSignal(zoomGesture, "scale-changed") { [unowned self] scale in
            updatePinch(scale: scale)
        }
        onSignal(zoomGesture, "end") { [unowned self] (_: UnsafeMutableRawPointer?) in
            endPinch()
        }
        gtk_widget_add_controller(drawingArea, opaque(zoomGesture))
    }

    /// One step of zoom: the selection is resized when there is one (S3), otherwise the view
    /// zooms keeping `anchor` fixed (G2).
    func zoom(by factor: Double, around anchor: ViewPoint) {
        if selection.isEmpty {
            viewport = viewport.zoomed(by: factor, around: anchor, in: viewSize)
            userDidMoveView()
            viewDidStep()
            redraw()
        } else {
            document.scaleEmojis(selection.ids, by: factor)
        }
    }

    /// Ctrl+= and Ctrl+- zoom the view around its centre (G5), even with a selection.
    func zoomViewAroundCenter(by factor: Double) {
        viewport = viewport.zoomed(by: factor, around: viewSize.center, in: viewSize)
        userDidMoveView()
        viewDidStep()
        redraw()
    }

    /// Fits the background, or the emojis when the background is blank (G1, Ctrl+0).
    func zoomToFit() {
        let rect: DocumentRect?
        if let backgroundImage {
            rect = backgroundImage.frame
        } else {
            rect = document.model.emojiBounds
        }
        if let rect {
            viewport = viewport.fitting(rect, in: viewSize)
        } else {
            viewport = Viewport()
        }
        userDidMoveView()
        redraw()
    }

    private func beginPinch(at anchor: ViewPoint) {
        let scalesSelection = !selection.isEmpty
        if scalesSelection { document.beginGesture(named: "Scale") }
        pinch = CanvasPinch(anchor: anchor, scalesSelection: scalesSelection, appliedScale: 1)
    }

    private func updatePinch(scale: Double) {
        guard var running = pinch, scale.isFinite, scale > 0 else { return }
        if running.scalesSelection {
            document.scaleEmojis(selection.ids, by: scale / running.appliedScale)
            running.appliedScale = scale
            pinch = running
        } else {
            liveGesture.scale = scale / running.appliedScale
            liveGesture.anchor = running.anchor
            redraw()
        }
    }

    func endPinch() {
        guard let running = pinch else { return }
        if running.scalesSelection {
            document.endGesture()
        } else {
            commitLiveGesture()
        }
        pinch = nil
    }
}
