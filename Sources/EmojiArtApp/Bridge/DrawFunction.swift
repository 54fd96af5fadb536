import CGtk

/// What a GtkDrawingArea draws: the `cairo_t *`, the width and the height in logical pixels.
typealias DrawHandler = @MainActor (OpaquePointer, Int32, Int32) -> Void

/// Gives `area` its draw function: `handler`, boxed for GTK and released in the destroy-notify
/// when the drawing area goes away (DESIGN joint 2).
@MainActor
func setDrawFunction(of area: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping DrawHandler) {
    let box = Unmanaged.passRetained(ClosureBox(handler)).toOpaque()
    gtk_drawing_area_set_draw_func(cast(area), drawTrampoline, box, releaseDrawHandler)
}

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
