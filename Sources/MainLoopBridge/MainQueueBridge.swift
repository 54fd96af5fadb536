internal import CGLib
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

// libdispatch on Linux wakes its main queue through an eventfd and expects the owner of the main
// thread to drain it. Under g_application_run (or any g_main_loop_run) nobody does, so
// `Task { @MainActor in }`, `await MainActor.run` and `DispatchQueue.main.async` would never run
// (DESIGN joint 3). These two entry points are what CoreFoundation uses for the same job on Darwin.
@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)

/// Drains libdispatch's main queue from the GLib main loop. Install once, before the loop runs
/// (`g_application_run`), on the main thread. GLib only: its own target, so the sanitizer runs
/// and `MainLoopBridgeTests` reach it without GTK.
public enum MainQueueBridge {
    /// Watches the main queue's eventfd at GLib's default priority, the one GTK's input events
    /// and timeouts have. Never below GTK's redraw (`G_PRIORITY_HIGH_IDLE + 20`): GLib dispatches
    /// only the most urgent ready sources, and a frame clock that never catches up (a spinner
    /// animating on a slow GL renderer such as llvmpipe) is ready on every iteration, so main-queue
    /// work queued below it waited for as long as the animation ran — a failed download's message,
    /// autosave and Quit among it.
    public static func install() {
        let fd = dispatchMainQueueHandle()
        _ = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, mainQueueReady, nil, nil)
    }
}

/// Reads the eventfd (8 bytes) — without this GLib sees it readable forever and spins at 100 % CPU —
/// then runs what was queued for the main thread.
private let mainQueueReady: GUnixFDSourceFunc = { fd, _, _ in
    var counter: UInt64 = 0
    _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
    dispatchMainQueueCallback(nil)
    return 1  // G_SOURCE_CONTINUE
}
