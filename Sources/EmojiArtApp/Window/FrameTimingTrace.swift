import CGtk
import EmojiArtRender
import Foundation

/// With EMOJIART_FRAME_TRACE set beside the launch trace (EMOJIART_TRACE), every frame a window's
/// frame clock paints goes to the trace as `frame`: the clock's frame counter and how long the
/// frame took from its start (the clock's frame time) to the end of its paint, in microseconds;
/// after the first, `canvas-bounds` says where the canvas lies in the window's surface. The
/// gesture benchmarks aim their input with it, then count the frames a continuous gesture gets
/// and the longest gap between two of them (G6). Off otherwise: nothing is connected.
@MainActor
enum FrameTimingTrace {
    static let isRequested = LaunchTrace.isEnabled && ProcessInfo.processInfo.environment["EMOJIART_FRAME_TRACE"] != nil

    /// The frame clocks followed already (a window presented again keeps its clock).
    private static var followed: Set<UInt> = []

    /// Traces the frames of `window`, which must be realized (presented), and where `canvas` is.
    static func follow(_ window: UnsafeMutablePointer<GtkWidget>, canvas: UnsafeMutablePointer<GtkWidget>) {
        guard isRequested, let clock = gtk_widget_get_frame_clock(window),
            followed.insert(UInt(bitPattern: clock)).inserted
        else { return }
        connect(clock, .afterPaint) {
            let started = gdk_frame_clock_get_frame_time(clock)
            LaunchTrace.mark(
                "frame",
                ["counter": Int(gdk_frame_clock_get_frame_counter(clock)), "paint-us": Int(max(0, g_get_monotonic_time() - started))])
            markCanvasBounds(canvas, in: window)
        }
    }

    /// The canvas's rectangle in the surface's pixels (the window's own offset in its surface, a
    /// shadow's width, included), once it has a size.
    private static func markCanvasBounds(_ canvas: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>) {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(canvas, window, &bounds) != 0, bounds.size.width > 0 else { return }
        var offsetX = 0.0
        var offsetY = 0.0
        gtk_native_get_surface_transform(opaque(window), &offsetX, &offsetY)
        LaunchTrace.markOnce(
            "canvas-bounds",
            [
                "x": Int((offsetX + Double(bounds.origin.x)).rounded()), "y": Int((offsetY + Double(bounds.origin.y)).rounded()),
                "width": Int(bounds.size.width.rounded()), "height": Int(bounds.size.height.rounded()),
            ])
    }
}
