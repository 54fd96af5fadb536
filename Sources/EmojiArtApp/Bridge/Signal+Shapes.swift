import CGtk

// The shapes of signal handlers: for each, the Swift closure a call site writes and the
// trampoline GLib calls, typed to the exact C signature of the signals declared with it
// (Signal+Declarations.swift). A trampoline unboxes its closure and runs it on the main actor
// (GTK emits on the main thread).

/// The C function GLib calls for a signal, which unboxes and calls a `Handler`. Made only here,
/// one per shape, so a `Signal<Handler>` always gets the trampoline of its own closure type.
struct Trampoline<Handler> {
    let function: UnsafeRawPointer

    /// `function` is a `@convention(c)` closure.
    fileprivate init<CFunction>(_ function: CFunction) {
        self.function = unsafeBitCast(function, to: UnsafeRawPointer.self)
    }
}

/// The trampolines, one per shape; each is typed to its C signature below.
extension Trampoline {
    static var void: Trampoline<VoidHandler> { .init(voidTrampoline) }
    static var pointer: Trampoline<PointerHandler> { .init(pointerTrampoline) }
    static var point: Trampoline<PointHandler> { .init(pointTrampoline) }
    static var scroll: Trampoline<ScrollHandler> { .init(scrollTrampoline) }
    static var press: Trampoline<PressHandler> { .init(pressTrampoline) }
    static var scale: Trampoline<ScaleHandler> { .init(scaleTrampoline) }
    static var drop: Trampoline<DropHandler> { .init(dropTrampoline) }
    static var dropMotion: Trampoline<DropMotionHandler> { .init(dropMotionTrampoline) }
    static var open: Trampoline<OpenHandler> { .init(openTrampoline) }
    static var key: Trampoline<KeyHandler> { .init(keyTrampoline) }
    static var nativeResponse: Trampoline<NativeResponseHandler> { .init(nativeResponseTrampoline) }
    static var stop: Trampoline<StopHandler> { .init(stopTrampoline) }
    static var string: Trampoline<StringHandler> { .init(stringTrampoline) }
    static var fileMonitor: Trampoline<FileMonitorHandler> { .init(fileMonitorTrampoline) }
    static var drawPage: Trampoline<DrawPageHandler> { .init(drawPageTrampoline) }
    static var printDone: Trampoline<PrintDoneHandler> { .init(printDoneTrampoline) }
    static var queryTooltip: Trampoline<QueryTooltipHandler> { .init(queryTooltipTrampoline) }
}

private func unbox<Function>(_ data: gpointer?) -> Function {
    Unmanaged<ClosureBox<Function>>.fromOpaque(data!).takeUnretainedValue().function
}

/// `void handler(GObject *self, gpointer data)`.
typealias VoidHandler = @MainActor () -> Void

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let handler: VoidHandler = unbox(data)
    MainActor.assumeIsolated { handler() }
}

/// `void handler(GObject *self, gpointer arg, gpointer data)`.
typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let handler: PointerHandler = unbox(data)
    nonisolated(unsafe) let argument = argument  // GTK calls us on the main thread
    MainActor.assumeIsolated { handler(argument) }
}

/// `void handler(GObject *self, double x, double y, gpointer data)`.
typealias PointHandler = @MainActor (Double, Double) -> Void

private let pointTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
    let handler: PointHandler = unbox(data)
    MainActor.assumeIsolated { handler(x, y) }
}

/// `gboolean handler(GtkEventControllerScroll *self, double dx, double dy, gpointer data)`.
typealias ScrollHandler = @MainActor (Double, Double) -> Bool

private let scrollTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
    let handler: ScrollHandler = unbox(data)
    return MainActor.assumeIsolated { handler(dx, dy) } ? 1 : 0
}

/// `void handler(GtkGestureClick *self, int n_press, double x, double y, gpointer data)`.
typealias PressHandler = @MainActor (Int32, Double, Double) -> Void

private let pressTrampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
    let handler: PressHandler = unbox(data)
    MainActor.assumeIsolated { handler(count, x, y) }
}

/// `void handler(GtkGestureZoom *self, double scale, gpointer data)`.
typealias ScaleHandler = @MainActor (Double) -> Void

private let scaleTrampoline: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, scale, data in
    let handler: ScaleHandler = unbox(data)
    MainActor.assumeIsolated { handler(scale) }
}

/// `gboolean handler(GtkDropTargetAsync *self, GdkDrop *drop, double x, double y, gpointer data)`.
typealias DropHandler = @MainActor (OpaquePointer, Double, Double) -> Bool

private let dropTrampoline: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = {
    _, drop, x, y, data in
    let handler: DropHandler = unbox(data)
    guard let drop else { return 0 }
    nonisolated(unsafe) let unsafeDrop = drop  // GTK calls us on the main thread
    return MainActor.assumeIsolated { handler(unsafeDrop, x, y) } ? 1 : 0
}

/// `GdkDragAction handler(GtkDropTargetAsync *self, GdkDrop *drop, double x, double y, gpointer data)`.
typealias DropMotionHandler = @MainActor (Double, Double) -> GdkDragAction

private let dropMotionTrampoline: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction = {
    _, _, x, y, data in
    let handler: DropMotionHandler = unbox(data)
    return MainActor.assumeIsolated { handler(x, y) }
}

/// `void handler(GApplication *self, GFile **files, int n_files, const char *hint, gpointer data)`.
typealias OpenHandler = @MainActor ([String]) -> Void

private let openTrampoline:
    @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?, gpointer?) -> Void = {
        _, files, count, _, data in
        let handler: OpenHandler = unbox(data)
        var paths: [String] = []
        for index in 0..<Int(max(count, 0)) {
            // g_file_get_path is NULL for remote files (DESIGN joint 4): those are skipped.
            guard let file = files?[index], let path = g_file_get_path(file) else { continue }
            paths.append(String(cString: path))
            g_free(path)
        }
        MainActor.assumeIsolated { handler(paths) }
    }

/// `gboolean handler(GtkEventControllerKey *self, guint keyval, guint keycode, GdkModifierType state, gpointer data)`.
typealias KeyHandler = @MainActor (UInt32, GdkModifierType) -> Bool

private let keyTrampoline: @convention(c) (gpointer?, UInt32, UInt32, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, _, state, data in
    let handler: KeyHandler = unbox(data)
    return MainActor.assumeIsolated { handler(keyval, state) } ? 1 : 0
}

/// `void handler(GtkNativeDialog *self, int response_id, gpointer data)`.
typealias NativeResponseHandler = @MainActor (Int32) -> Void

private let nativeResponseTrampoline: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, response, data in
    let handler: NativeResponseHandler = unbox(data)
    MainActor.assumeIsolated { handler(response) }
}

/// `gboolean handler(GObject *self, gpointer data)` (true stops the default handler).
typealias StopHandler = @MainActor () -> Bool

private let stopTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let handler: StopHandler = unbox(data)
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

/// `void handler(GObject *self, const char *text, gpointer data)`. A NULL string arrives as "".
typealias StringHandler = @MainActor (String) -> Void

private let stringTrampoline: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { _, text, data in
    let handler: StringHandler = unbox(data)
    let string = text.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { handler(string) }
}

/// `void handler(GFileMonitor *self, GFile *file, GFile *other_file, GFileMonitorEvent event, gpointer data)`.
typealias FileMonitorHandler = @MainActor (GFileMonitorEvent) -> Void

private let fileMonitorTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
    _, _, _, event, data in
    let handler: FileMonitorHandler = unbox(data)
    MainActor.assumeIsolated { handler(event) }
}

/// `void handler(GtkPrintOperation *self, GtkPrintContext *context, int page_nr, gpointer data)`.
typealias DrawPageHandler = @MainActor (OpaquePointer, Int32) -> Void

private let drawPageTrampoline: @convention(c) (gpointer?, OpaquePointer?, Int32, gpointer?) -> Void = { _, context, page, data in
    let handler: DrawPageHandler = unbox(data)
    guard let context else { return }
    nonisolated(unsafe) let printContext = context  // GTK calls us on the main thread
    MainActor.assumeIsolated { handler(printContext, page) }
}

/// `void handler(GtkPrintOperation *self, GtkPrintOperationResult result, gpointer data)`.
typealias PrintDoneHandler = @MainActor (GtkPrintOperationResult) -> Void

private let printDoneTrampoline: @convention(c) (gpointer?, GtkPrintOperationResult, gpointer?) -> Void = { _, result, data in
    let handler: PrintDoneHandler = unbox(data)
    MainActor.assumeIsolated { handler(result) }
}

/// `gboolean handler(GtkWidget *self, int x, int y, gboolean keyboard_mode, GtkTooltip *tooltip, gpointer data)`:
/// true shows the tooltip.
typealias QueryTooltipHandler = @MainActor (Int32, Int32, Bool, OpaquePointer) -> Bool

private let queryTooltipTrampoline: @convention(c) (gpointer?, Int32, Int32, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
    _, x, y, keyboardMode, tooltip, data in
    let handler: QueryTooltipHandler = unbox(data)
    guard let tooltip else { return 0 }
    nonisolated(unsafe) let unsafeTooltip = tooltip  // GTK calls us on the main thread
    return MainActor.assumeIsolated { handler(x, y, keyboardMode != 0, unsafeTooltip) } ? 1 : 0
}
