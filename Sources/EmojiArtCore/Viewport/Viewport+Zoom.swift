/// Zooming (SPEC G1, G2, G5): one aiming rule shared by pinch, Ctrl+scroll, keys and fit.
extension Viewport {
    /// This viewport zoomed by `factor` with the document point under `anchor` kept where it is
    /// (SPEC G2). Pinch, Ctrl+scroll and the zoom keys all end here, so GUI tests can cover
    /// pinch through Ctrl+scroll under Xvfb, where pinch cannot be produced.
    ///
    /// The zoom stays in `zoomRange`: the factor is cut down to what the range allows before
    /// the pan is worked out, so the anchor stays put even when the zoom hits a limit (zooming
    /// past the limit does not drift the picture). A factor that is not a positive finite
    /// number, or an anchor that is not finite, is ignored.
    public func zoomed(by factor: Double, around anchor: ViewPoint, in size: ViewSize) -> Viewport {
        guard factor.isFinite, factor > 0, anchor.x.isFinite, anchor.y.isFinite else { return self }
        let newZoom = Self.clampedZoom(zoom * factor)
        let appliedFactor = newZoom / zoom
        // At a zoom limit the factor is 1; the formula below would then still nudge the pan
        // by rounding error on every further wheel notch, and an identity gesture would not
        // commit to exactly the viewport it started from.
        guard appliedFactor != 1 else { return self }
        // The anchor sits at centre + pan + d·zoom; keeping it there at the new zoom needs
        // pan′ = (anchor − centre) − (anchor − centre − pan)·appliedFactor.
        let anchorFromCenter = anchor.vector(from: size.center)
        let newPan = anchorFromCenter - (anchorFromCenter - pan) * appliedFactor
        return Viewport(zoom: newZoom, pan: newPan)
    }

    /// This viewport zoomed so that all of `rect` shows, as large as possible, centred in a
    /// view of `size` (SPEC G1). An image centred on the document origin gets a zero pan.
    ///
    /// The zoom is clamped to `zoomRange`, so a huge rect may still overflow and a tiny one
    /// shows smaller than the view. A rect with no width and no height (one point) is centred
    /// at the current zoom. Unchanged when the view is not drawable yet (zero size before the
    /// first layout) or the rect is not finite.
    public func fitting(_ rect: DocumentRect, in size: ViewSize) -> Viewport {
        guard size.isDrawable,
            [rect.minX, rect.minY, rect.maxX, rect.maxY].allSatisfy(\.isFinite)
        else { return self }
        let widthZoom = rect.width > 0 ? size.width / rect.width : .infinity
        let heightZoom = rect.height > 0 ? size.height / rect.height : .infinity
        let fitZoom = min(widthZoom, heightZoom)
        let newZoom = fitZoom.isFinite ? Self.clampedZoom(fitZoom) : zoom
        let center = rect.center
        return Viewport(zoom: newZoom, pan: ViewVector(dx: -center.x * newZoom, dy: -center.y * newZoom))
    }
}
