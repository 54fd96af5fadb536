import Foundation

/// Ctrl+scroll and pinch end in the same zoom path (G2, S3), so GUI tests of Ctrl+scroll under
/// Xvfb also cover pinch, which Xvfb cannot produce (DESIGN joint 7).
extension CanvasInteraction {
    /// Touchpad scrolling reports pixels, not notches: this many pixels make one wheel notch.
    static let touchpadPixelsPerNotch = 10.0
    /// One plain wheel notch pans this far, in view pixels (G5, beyond).
    static let wheelPanStep = 40.0
    /// A pause this long, in seconds, ends a burst of Ctrl+scroll resizes or nudges (U3).
    static let burstPause = 0.5
    /// How long after the last wheel notch or key press the view counts as still moving.
    public static let viewSettleDelay = Duration.milliseconds(150)

    /// A scroll: with Ctrl it zooms around the pointer or resizes the selection, otherwise it
    /// pans (Shift turns vertical into horizontal). `time` is the event's, in seconds.
    public func scrolled(
        dx: Double, dy: Double, isWheel: Bool, modifiers: CanvasModifiers, time: Double
    ) -> CanvasEffects {
        if modifiers.contains(.control) {
            let notches = isWheel ? dy : dy / Self.touchpadPixelsPerNotch
            return zoom(by: pow(Viewport.wheelZoomStep, -notches), around: pointer ?? viewSize.center, time: time)
        }
        let step = isWheel ? Self.wheelPanStep : 1
        var offset = ViewVector(dx: -dx * step, dy: -dy * step)
        if modifiers.contains(.shift) { offset = ViewVector(dx: offset.dy, dy: offset.dx) }
        return pan(by: offset)
    }

    /// One step of zoom: the selection is resized about its centre when there is one (S3, a
    /// burst of steps is one "Scale"), otherwise the view zooms keeping `anchor` fixed (G2).
    public func zoom(by factor: Double, around anchor: ViewPoint, time: Double) -> CanvasEffects {
        guard factor.isFinite, factor > 0 else { return [] }
        let selected = selectedEmojis
        guard let center = selected.boundingBox?.center else {
            viewport = viewport.zoomed(by: factor, around: anchor, in: viewSize)
            return viewDidStep()
        }
        guard !isEditing else { return [] }  // a drag or pinch owns the selection until it ends (U3)
        continueBurst(named: ActionName.scale, at: time)
        document.replaceEmojis(GroupTransform(pivot: center, scale: factor).apply(to: selected), named: ActionName.scale)
        return .redraw
    }

    /// Ctrl+= and Ctrl+- zoom the view around its centre (G5), even with a selection.
    public func zoomViewAroundCenter(by factor: Double) -> CanvasEffects {
        viewport = viewport.zoomed(by: factor, around: viewSize.center, in: viewSize)
        return viewDidStep()
    }

    /// The arrow keys and plain scrolling pan by this much (G5).
    public func pan(by offset: ViewVector) -> CanvasEffects {
        viewport = viewport.panned(by: offset)
        return viewDidStep()
    }

    /// What a fit shows: the background, or the emojis when the background is blank (G1).
    var fitRect: DocumentRect? { backgroundFrame ?? document.model.emojiBounds }

    /// Whether the steady view is the fit of `fitRect` at the current size (to a thousandth of
    /// a pixel), with no gesture running.
    var showsFittedView: Bool {
        guard liveGesture == .identity, let rect = fitRect else { return false }
        let fitted = viewport.fitting(rect, in: viewSize)
        return abs(fitted.zoom - viewport.zoom) <= 1e-9 * fitted.zoom && abs(fitted.pan.dx - viewport.pan.dx) < 1e-3
            && abs(fitted.pan.dy - viewport.pan.dy) < 1e-3
    }

    /// Fits the background, or the emojis when the background is blank (G1, Ctrl+0).
    public func zoomToFit() -> CanvasEffects {
        if let rect = fitRect {
            viewport = viewport.fitting(rect, in: viewSize)
        } else {
            viewport = Viewport()
        }
        return userDidMoveView().union(.redraw)
    }

    /// The stepped view changes stopped (`viewSettleDelay` after the last step, measured by the
    /// adapter's `Debouncer`): draw a crisp frame.
    public func viewSettled() -> CanvasEffects {
        guard isViewSettling else { return [] }
        isViewSettling = false
        return .redraw
    }

    /// The view moved by a step (wheel, keys): until the steps stop, frames may move the cached one.
    func viewDidStep() -> CanvasEffects {
        isViewSettling = true
        return userDidMoveView().union([.viewStepped, .redraw])
    }

    // MARK: - Pinch and two-finger rotate

    /// Two fingers went down: they zoom the view, or scale and turn the selection (S8). A second
    /// finger during a drag leaves the drag be (U3), unless the first had hardly moved (X8).
    public func pinchBegan(at anchor: ViewPoint) -> CanvasEffects {
        let yielded = yieldDragToPinch()
        guard !isEditing else { return [] }
        endBurst()
        let selected = selectedEmojis
        if let center = selected.boundingBox?.center {
            document.beginGesture(named: ActionName.scale)
            pinch = CanvasPinch(anchor: anchor, transformsSelection: true, originals: selected, pivot: center)
        } else {
            pinch = CanvasPinch(anchor: anchor, transformsSelection: false)
        }
        return yielded
    }

    /// The pinch's scale since it began (GtkGestureZoom `scale-changed`).
    public func pinchScaled(to scale: Double) -> CanvasEffects {
        guard var running = pinch, scale.isFinite, scale > 0 else { return [] }
        running.scale = scale
        pinch = running
        if running.transformsSelection { return applyPinch(running) }
        liveGesture.scale = scale / running.appliedScale
        liveGesture.anchor = running.anchor
        return .redraw
    }

    /// The fingers' turn since the gesture began, in degrees clockwise (GtkGestureRotate). It
    /// turns the selection; without one, two fingers zoom the view only (G2).
    public func pinchRotated(to degrees: Double) -> CanvasEffects {
        guard var running = pinch, running.transformsSelection, degrees.isFinite else { return [] }
        running.rotation = degrees
        pinch = running
        return applyPinch(running)
    }

    public func pinchEnded() -> CanvasEffects {
        guard let running = pinch else { return [] }
        var effects = CanvasEffects()
        if running.transformsSelection {
            document.endGesture()
        } else {
            effects = commitLiveGesture()
        }
        pinch = nil
        return effects.union(.redraw)
    }

    private func applyPinch(_ running: CanvasPinch) -> CanvasEffects {
        let transform = GroupTransform(pivot: running.pivot, scale: running.scale, rotation: running.rotation)
        document.replaceEmojis(transform.apply(to: running.originals), named: ActionName.scale)
        return .redraw
    }

    // MARK: - Bursts

    /// Joins the running burst of `name` if the last step was less than `burstPause` ago;
    /// otherwise starts a new one (U3).
    func continueBurst(named name: String, at time: Double) {
        if let running = burst, running.name == name, time - running.lastTime < Self.burstPause,
            document.openGestureName == name
        {
            burst?.lastTime = time
            return
        }
        endBurst()
        document.beginGesture(named: name, isBurst: true)
        burst = EditBurst(name: name, lastTime: time)
    }
}
