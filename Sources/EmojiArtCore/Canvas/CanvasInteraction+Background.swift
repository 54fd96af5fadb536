/// B5 in one place: a background the user sets is fitted when it arrives, unless they zoomed or
/// panned meanwhile; a reopened document keeps its saved view.
extension CanvasInteraction {
    /// Sets a background the user chose (drop, paste, B7): from this moment a zoom or pan keeps
    /// their view when it arrives.
    public mutating func setBackgroundByUser(_ background: Background, named name: String = ActionName.setBackground) {
        endBurst()
        hasUserMovedView = false
        document.setBackground(background, named: name)
    }

    /// After any document change: keep the selection to emojis that exist; a background that
    /// differs from the one loaded (set, undone, redone) is loaded and fitted when it arrives.
    public mutating func documentChanged(_ change: DocumentChange, loadedBackground: Background?) -> CanvasEffects {
        var effects = pruneSelection().union(.redraw)
        if change.contains(.background), document.model.background != loadedBackground {
            fitsArrivingBackground = true
            effects.formUnion(.startLoading)
        }
        return effects
    }

    /// The background image arrived (or went: nil) with this frame in document points.
    public mutating func backgroundArrived(frame: DocumentRect?) -> CanvasEffects {
        backgroundFrame = frame
        guard frame != nil, fitsArrivingBackground else { return .redraw }
        fitsArrivingBackground = false
        var effects = CanvasEffects.redraw
        if !hasUserMovedView { effects.formUnion(zoomToFit()) }
        hasUserMovedView = false
        return effects
    }

    /// The background failed to load (B4): nothing arrives to fit.
    public mutating func backgroundFailed() {
        fitsArrivingBackground = false
    }

    /// Retry (B4): fit it when it arrives.
    public mutating func retryBackground() -> CanvasEffects {
        fitsArrivingBackground = true
        return .startLoading
    }
}

extension CanvasInteraction {
    /// Brings back a remembered view (W4): a reopened document keeps it (B5).
    public mutating func restore(viewport saved: Viewport) {
        viewport = saved
    }

    /// A document never opened here before shows its whole background once it has loaded.
    public mutating func fitBackgroundWhenItArrives() {
        fitsArrivingBackground = true
    }
}
