import CGtk
import Dispatch
import EmojiArtCore
import EmojiArtRender

extension CanvasView {
    func installDrawing() {
        setDrawFunction(of: drawingArea) { [unowned self] cr, width, height in
            draw(into: cr, size: ViewSize(width: Double(width), height: Double(height)))
        }
    }

    private func draw(into cr: OpaquePointer, size: ViewSize) {
        apply(interaction.resized(to: size).subtracting(.redraw))  // this frame draws at the new size
        if let preparedRasters {
            self.preparedRasters = nil
            if let prepared = preparedRasters() {
                contentLayer.renderer.adopt(prepared)
                contentLayer.prepaintedFrame = prepared.frame
            }
        }
        CanvasPaperStyle.current.paint(into: cr)
        // Others' drags in progress are drawn where they are now; the model keeps where the
        // emojis were committed (C3).
        let renderer = contentLayer.renderer
        notingRenderAttempts {
            contentLayer.draw(
                document.displayedModel, background: backgroundImage, viewport: interaction.effectiveViewport, viewSize: size,
                deviceScale: Double(gtk_widget_get_scale_factor(drawingArea)), selection: interaction.selection.ids,
                into: cr, isInteractive: interaction.isInteractive)
        }
        if contentLayer.showedPrepaintedFrame { LaunchTrace.markOnce("prepainted-frame-shown") }
        LaunchTrace.frameDrawn(
            emojiCount: document.model.emojis.count, rasterized: renderer.rasterCache.rasterizedCount,
            isComplete: renderer.lastUnpaintedCount == 0, isExact: !contentLayer.awaitsRasters,
            standIns: renderer.lastStandInCount, size: size, showsBackground: backgroundImage != nil,
            hasBackground: document.model.background != .blank)
        if let onFirstFrame {
            self.onFirstFrame = nil
            // On the main loop's next turn: after this frame is finished.
            DispatchQueue.main.async { onFirstFrame() }
        }
        // The frame and the rubber band are drawn over the cached layer, never into it, and
        // never into an export (S5, S8).
        if let frame = interaction.selectionFrame { SelectionFrameOverlay.draw(frame, colours: markColours, into: cr) }
        ArrangementMarksOverlay.draw(interaction.arrangementMarks, colours: markColours, into: cr)
        if let band = interaction.rubberBand { SelectionFrameOverlay.drawRubberBand(band, colours: markColours, into: cr) }
        SnapGuideOverlay.draw(
            interaction.snapGuides, viewport: interaction.effectiveViewport, viewSize: size, colours: markColours, into: cr)
        drawOverlay?(cr, interaction.effectiveViewport, size)
        if isDropHovering { DropHighlightOverlay.draw(into: cr, width: size.width, height: size.height) }
    }

    /// Renders the settled view's frame before GTK draws it (`ContentLayer.renderAhead`): a zoom
    /// step's frame painted off the main thread is drawn once, when it lands, instead of also
    /// as the moved frame the window shows already. Returns whether the canvas must be drawn.
    func renderAhead() -> Bool {
        let size = ViewSize(width: Double(gtk_widget_get_width(drawingArea)), height: Double(gtk_widget_get_height(drawingArea)))
        guard !interaction.isInteractive, size == interaction.viewSize else { return true }
        return notingRenderAttempts {
            contentLayer.renderAhead(
                document.displayedModel, background: backgroundImage, viewport: interaction.effectiveViewport, viewSize: size,
                deviceScale: Double(gtk_widget_get_scale_factor(drawingArea)), selection: interaction.selection.ids)
        }
    }

    /// Runs `render`; if the layer tried a crisp frame in it, asks for the rasters it lacked and
    /// notes when the rasters awaited have arrived.
    private func notingRenderAttempts<Result>(_ render: () -> Result) -> Result {
        let attemptsBefore = contentLayer.renderAttemptCount
        let awaitedRasters = contentLayer.awaitsRasters
        let result = render()
        if contentLayer.renderAttemptCount != attemptsBefore {
            requestMissingRasters()
            if awaitedRasters, !contentLayer.awaitsRasters {
                LaunchTrace.mark("rasters-arrived", ["renders": contentLayer.renderCount])
            }
        }
        return result
    }

    /// Hands the rasters the last crisp frame lacked to the workshop, unless each was
    /// already delivered for this view: a view needing more rasters than the cache holds keeps
    /// its stand-ins rather than asking for the same rasters again and again.
    private func requestMissingRasters() {
        let viewport = interaction.effectiveViewport
        if viewport != rastersRequested.viewport {
            rastersRequested = (viewport, [])
        }
        let wanted = contentLayer.renderer.missingRasters.filter { !rastersRequested.delivered.contains($0) }
        guard !wanted.isEmpty else { return }
        startedRasterWorkshop.request(wanted)
    }

    /// Takes in rasters the workshop made and shows them: the layer is rendered again at the
    /// next frame (a gesture running now moves the layer as it is, and the frame after it
    /// renders anyway).
    func adoptRasters(_ delivery: RasterWorkshop.Delivery) {
        guard !isClosed else { return }
        contentLayer.renderer.rasterCache.adopt(delivery)
        rastersRequested.delivered.formUnion(delivery.requests)
        contentLayer.rastersArrived()
        gtk_widget_queue_draw(drawingArea)
    }
}
