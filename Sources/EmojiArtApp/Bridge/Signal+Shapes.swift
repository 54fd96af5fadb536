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

private func unbox<Function>(_ data: gpointer?) -> Function {
    Unmanaged<ClosureBox<Function>>.fromOpaque(data!).takeUnretainedValue().function
}

typealias VoidHandler = @MainActor () -> Void

/// `void handler(GObject *self, gpointer data)`.
extension Trampoline where Handler == VoidHandler {
    static var void: Self { Self(voidTrampoline) }
}

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let handler: VoidHandler = unbox(data)
    MainActor.assumeIsolated { handler() }
}

typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

/// `void handler(GObject *self, gpointer arg, gpointer data)`.
extension Trampoline where Handler == PointerHandler {
    static var pointer: Self { Self(pointerTrampoline) }
}

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let handler: PointerHandler = unbox(data)
    nonisolated(unsafe) let argument = argument  // GTK calls us on the main thread
    MainActor.assumeIsolated { handler(argument) }
}

typealias PointHandler = @MainActor (Double, Double) -> Void

/// `void handler(GObject *self, double x, double y, gpointer data)`.
extension Trampoline where Handler == PointHandler {
    static var point: Self { Self(pointTrampoline) }
}

private let pointTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
    let handler: PointHandler = unbox(data)
    MainActor.assumeIsolated { handler(x, y) }
}

typealias ScrollHandler = @MainActor (Double, Double) -> Bool

/// `gboolean handler(GtkEventControllerScroll *self, double dx, double dy, gpointer data)`.
extension Trampoline where Handler == ScrollHandler {
    static var scroll: Self { Self(scrollTrampoline) }
}

private let scrollTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
    let handler: ScrollHandler = unbox(data)
    return MainActor.assumeIsolated { handler(dx, dy) } ? 1 : 0
}

typealias PressHandler = @MainActor (Int32, Double, Double) -> Void

/// `void handler(GtkGestureClick *self, int n_press, double x, double y, gpointer data)`.
extension Trampoline where Handler == PressHandler {
    static var press: Self { Self(pressTrampoline) }
}

private let pressTrampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
    let handler: PressHandler = unbox(data)
    MainActor.assumeIsolated { handler(count, x, y) }
}

typealias ScaleHandler = @MainActor (Double) -> Void

/// `void handler(GtkGestureZoom *self, double scale, gpointer data)`.
extension Trampoline where Handler == ScaleHandler {
    static var scale: Self { Self(scaleTrampoline) }
}

private let scaleTrampoline: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, scale, data in
    let handler: ScaleHandler = unbox(data)
    MainActor.assumeIsolated { handler(scale) }
}

typealias DropHandler = @MainActor (OpaquePointer, Double, Double) -> Bool

/// `gboolean handler(GtkDropTargetAsync *self, GdkDrop *drop, double x, double y, gpointer data)`.
extension Trampoline where Handler == DropHandler {
    static var drop: Self { Self(dropTrampoline) }
}

private let dropTrampoline: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = {
    _, drop, x, y, data in
    let handler: DropHandler = unbox(data)
    guard let drop else { return 0 }
    nonisolated(unsafe) let unsafeDrop = drop  // GTK calls us on the main thread
    return MainActor.assumeIsolated { handler(unsafeDrop, x, y) } ? 1 : 0
}

typealias DropMotionHandler = @MainActor (Double, Double) -> GdkDragAction

/// `GdkDragAction handler(GtkDropTargetAsync *self, GdkDrop *drop, double x, double y, gpointer data)`.
extension Trampoline where Handler == DropMotionHandler {
    static var dropMotion: Self { Self(dropMotionTrampoline) }
}

private let dropMotionTrampoline: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction = {
    _, _, x, y, data in
    let handler: DropMotionHandler = unbox(data)
    return MainActor.assumeIsolated { handler(x, y) }
}

typealias OpenHandler = @MainActor ([String]) -> Void

/// `void handler(GApplication *self, GFile **files, int n_files, const char *hint, gpointer data)`.
extension Trampoline where Handler == OpenHandler {
    static var open: Self { Self(openTrampoline) }
}

private let openTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?, gpointer?) -> Void = {
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

typealias KeyHandler = @MainActor (UInt32, GdkModifierType) -> Bool

/// `gboolean handler(GtkEventControllerKey *self, guint keyval, guint keycode, GdkModifierType state, gpointer data)`.
extension Trampoline where Handler == KeyHandler {
    static var key: Self { Self(keyTrampoline) }
}

private let keyTrampoline: @convention(c) (gpointer?, UInt32, UInt32, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, _, state, data in
    let handler: KeyHandler = unbox(data)
    return MainActor.assumeIsolated { handler(keyval, state) } ? 1 : 0
}

typealias NativeResponseHandler = @MainActor (Int32) -> Void

/// `void handler(GtkNativeDialog *self, int response_id, gpointer data)`.
extension Trampoline where Handler == NativeResponseHandler {
    static var nativeResponse: Self { Self(nativeResponseTrampoline) }
}

private let nativeResponseTrampoline: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, response, data in
    let handler: NativeResponseHandler = unbox(data)
    MainActor.assumeIsolated { handler(response) }
}

typealias StopHandler = @MainActor () -> Bool

/// `gboolean handler(GObject *self, gpointer data)` (true stops the default handler).
extension Trampoline where Handler == StopHandler {
    static var stop: Self { Self(stopTrampoline) }
}

private let stopTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let handler: StopHandler = unbox(data)
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

typealias StringHandler = @MainActor (String) -> Void

/// `void handler(GObject *self, const char *text, gpointer data)`. A NULL string arrives as "".
extension Trampoline where Handler == StringHandler {
    static var string: Self { Self(stringTrampoline) }
}

private let stringTrampoline: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { _, text, data in
    let handler: StringHandler = unbox(data)
    let string = text.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { handler(string) }
}

typealias FileMonitorHandler = @MainActor (GFileMonitorEvent) -> Void

/// `void handler(GFileMonitor *self, GFile *file, GFile *other_file, GFileMonitorEvent event, gpointer data)`.
extension Trampoline where Handler == FileMonitorHandler {
    static var fileMonitor: Self { Self(fileMonitorTrampoline) }
}

private let fileMonitorTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
    _, _, _, event, data in
    let handler: FileMonitorHandler = unbox(data)
    MainActor.assumeIsolated { handler(event) }
}

/// The page's GtkPrintContext and its number.
typealias DrawPageHandler = @MainActor (OpaquePointer, Int32) -> Void

/// `void handler(GtkPrintOperation *self, GtkPrintContext *context, int page_nr, gpointer data)`.
extension Trampoline where Handler == DrawPageHandler {
    static var drawPage: Self { Self(drawPageTrampoline) }
}

private let drawPageTrampoline: @convention(c) (gpointer?, OpaquePointer?, Int32, gpointer?) -> Void = { _, context, page, data in
    let handler: DrawPageHandler = unbox(data)
    guard let context else { return }
    nonisolated(unsafe) let printContext = context  // GTK calls us on the main thread
    MainActor.assumeIsolated { handler(printContext, page) }
}

typealias PrintDoneHandler = @MainActor (GtkPrintOperationResult) -> Void

/// `void handler(GtkPrintOperation *self, GtkPrintOperationResult result, gpointer data)`.
extension Trampoline where Handler == PrintDoneHandler {
    static var printDone: Self { Self(printDoneTrampoline) }
}

private let printDoneTrampoline: @convention(c) (gpointer?, GtkPrintOperationResult, gpointer?) -> Void = { _, result, data in
    let handler: PrintDoneHandler = unbox(data)
    MainActor.assumeIsolated { handler(result) }
}

/// x, y, whether the keyboard asked, and the GtkTooltip to fill; true shows it.
typealias QueryTooltipHandler = @MainActor (Int32, Int32, Bool, OpaquePointer) -> Bool

/// `gboolean handler(GtkWidget *self, int x, int y, gboolean keyboard_mode, GtkTooltip *tooltip, gpointer data)`.
extension Trampoline where Handler == QueryTooltipHandler {
    static var queryTooltip: Self { Self(queryTooltipTrampoline) }
}

private let queryTooltipTrampoline: @convention(c) (gpointer?, Int32, Int32, gboolean, OpaquePointer?, gpointer?) -> gboolean = {
    _, x, y, keyboardMode, tooltip, data in
    let handler: QueryTooltipHandler = unbox(data)
    guard let tooltip else { return 0 }
    nonisolated(unsafe) let unsafeTooltip = tooltip  // GTK calls us on the main thread
    return MainActor.assumeIsolated { handler(x, y, keyboardMode != 0, unsafeTooltip) } ? 1 : 0
}
