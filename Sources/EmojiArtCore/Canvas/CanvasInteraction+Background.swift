/// B5 in one place: a background the user sets is fitted when it arrives, unless they zoomed or
/// panned meanwhile; a reopened document keeps its saved view. And what the canvas shows of the
/// loader's progress: the spinner (B2), the failure with Retry (B4).
extension CanvasInteraction {
    /// Sets a background the user chose (drop, paste, B7): from this moment a zoom or pan keeps
    /// their view when it arrives. The change comes back through `documentChanged`.
    public func setBackgroundByUser(_ background: Background, named name: String = ActionName.setBackground) -> CanvasEffects {
        endBurst()
        hasUserMovedView = false
        document.setBackground(background, named: name)
        return []
    }

    /// After any document change: keep the selection to emojis that exist; a background that
    /// differs from the one loaded (set, undone, redone) is loaded and fitted when it arrives.
    public func documentChanged(_ change: DocumentChange, loadedBackground: Background?) -> CanvasEffects {
        var effects = pruneSelection().union([.redraw, .commands])
        if change.contains(.background), document.model.background != loadedBackground {
            fitsArrivingBackground = true
            effects.formUnion(.startLoading)
        }
        return effects
    }

    /// The background loader reported: `status` is its fetch, `frame` the loaded image's frame in
    /// document points (nil while none), `embeddedImageError` why the document's own image
    /// cannot be shown. A newly arrived image is fitted as B5 says; a failure is kept for the
    /// banner with Retry (B4); a broken embedded image is said once.
    public func backgroundLoaderChanged(
        status: FetchStatus, frame: DocumentRect?, embeddedImageError: ImageFetchError?
    ) -> CanvasResponse {
        backgroundStatus = status
        var effects: CanvasEffects = [.backgroundStatus, .redraw]
        backgroundFrame = frame
        if frame != nil, fitsArrivingBackground {
            fitsArrivingBackground = false
            if isLaidOut {
                effects.formUnion(fitArrivedBackground())
            } else {
                // The image was quicker than the window's first layout: fit it into the real size.
                fitsOnFirstLayout = true
            }
        }
        if status.failureMessage != nil { fitsArrivingBackground = false }
        guard let embeddedImageError, status.failureMessage == nil else { return CanvasResponse(effects) }
        let sentence = localized("The document’s background image cannot be shown: {reason}.", ["reason": "\(embeddedImageError)"])
        return CanvasResponse(effects, request: .showMessage(sentence))
    }

    /// Fits the background that arrived, unless the user zoomed or panned while it loaded (B5).
    func fitArrivedBackground() -> CanvasEffects {
        fitsOnFirstLayout = false
        let effects = hasUserMovedView ? [] : zoomToFit()
        hasUserMovedView = false
        return effects
    }

    /// The spinner shows while a URL background is fetched (B2).
    public var isFetchingBackground: Bool { backgroundStatus.isFetching }

    /// "Couldn't load image from <url>: <reason>" while the last fetch failed (B4), else nil.
    public var backgroundFailure: String? { backgroundStatus.failureMessage }

    /// Retry (B4): load the document's background again, and fit it when it arrives.
    public func retryBackground() -> CanvasEffects {
        fitsArrivingBackground = true
        return .startLoading
    }

    /// Brings back a remembered view (W4): a reopened document keeps it (B5).
    public func restore(viewport saved: Viewport) -> CanvasEffects {
        viewport = saved
        return .redraw
    }

    /// A document never opened here before shows its whole background once it has loaded.
    public func fitBackgroundWhenItArrives() -> CanvasEffects {
        fitsArrivingBackground = true
        return []
    }
}
