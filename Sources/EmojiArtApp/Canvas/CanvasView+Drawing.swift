import CGtk
import EmojiArtCore
import EmojiArtRender

/// The draw function's context: the canvas it draws, boxed for GTK and released in the
/// destroy-notify when the drawing area goes away (DESIGN joint 2).
private typealias DrawHandler = @MainActor (OpaquePointer, Int32, Int32) -> Void

private let drawTrampoline: GtkDrawingAreaDrawFunc = { _, context, width, height, data in
    guard let context, let data else { return }
    let handler = Unmanaged<ClosureBox<DrawHandler>>.fromOpaque(data).takeUnretainedValue().function
    nonisolated(unsafe) let cr = context  // GTK draws on the main thread
    MainActor.assumeIsolated { handler(cr, width, height) }
}

private let releaseDrawHandler: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<ClosureBox<DrawHandler>>.fromOpaque(data).release()
}

extension CanvasView {
    func installDrawing() {
        let handler: DrawHandler = { [unowned self] cr, width, height in
            draw(into: cr, size: ViewSize(width: Double(width), height: Double(height)))
        }
        let box = Unmanaged.passRetained(ClosureBox(handler)).toOpaque()
        gtk_drawing_area_set_draw_func(cast(drawingArea), drawTrampoline, box, releaseDrawHandler)
    }

    private func draw(into cr: OpaquePointer, size: ViewSize) {
        // The paper: white, as in the original, so emoji art looks the same in dark style.
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        contentLayer.draw(
            document.model, background: backgroundImage, viewport: effectiveViewport, viewSize: size,
            deviceScale: Double(gtk_widget_get_scale_factor(drawingArea)), selection: selection.ids, into: cr,
            isInteractive: isViewGestureRunning)
        LaunchTrace.frameDrawn(
            emojiCount: document.model.emojis.count, isComplete: true, showsBackground: backgroundImage != nil,
            hasBackground: document.model.background != .blank)
        if isDropHovering { drawDropHighlight(into: cr, size: size) }
    }

    /// A pan or a view pinch is running: the cached frame can be moved instead of re-rendered.
    private var isViewGestureRunning: Bool {
        if case .panning = drag { return true }
        return isViewSettling || (pinch.map { !$0.scalesSelection } ?? false)
    }

    /// How long after the last wheel notch or key press the view counts as still moving.
    private static let settleDelay = Duration.milliseconds(150)

    /// Wheel zooms and key pans come as separate steps: between steps the cached frame is moved
    /// (a blit, ~1 ms for 10,000 emojis), and a crisp frame follows once the steps stop.
    func viewDidStep() {
        isViewSettling = true
        settling?.cancel()
        settling = Task { [weak self] in
            try? await Task.sleep(for: Self.settleDelay)
            guard !Task.isCancelled, let self else { return }
            isViewSettling = false
            redraw()
        }
    }

    /// An accent outline while something is dragged over the canvas (issue #3, item 5).
    private func drawDropHighlight(into cr: OpaquePointer, size: ViewSize) {
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.9)
        cairo_set_line_width(cr, 4)
        cairo_rectangle(cr, 2, 2, size.width - 4, size.height - 4)
        cairo_stroke(cr)
        cairo_set_source_rgba(cr, 0.21, 0.52, 0.89, 0.08)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
