import CGtk

// The rule for GTK objects and their Swift owners, so that no handler or continuation touches a
// widget that was destroyed. An owner is a Swift object that
// keeps pointers to widgets and connects handlers on them: `DocumentWindow` (its window),
// `CanvasView` (its overlay and drawing area).
// 1. One reference. The owner takes one GObject reference on its top widget when it makes it
//    (`takeReference`), so that pointer — and those to the widgets inside it, which stay
//    parented until the top widget is disposed — is never dangling while the owner may use it.
//    It gives the reference back when it closes, in its own teardown, never in `deinit`.
// 2. Closing is the owner's act. Because the owner holds a reference, GTK's "destroy" comes only
//    when that reference goes, so the owner does not learn of its closing from GTK: it closes
//    itself (`DocumentWindow.closeWindow`, which calls `CanvasView.tearDown`) — sets `isClosed`,
//    cancels its tasks, clears the callbacks it gave to others, then lets GTK destroy the
//    widgets by dropping its reference. Every handler GTK fires while it disposes them runs
//    while the owner is still alive.
// 3. A closed flag. Every continuation after an `await` (a save, Save As, Export, Quit's loop
//    over windows, a background fetch, a clipboard read) and every path that reaches GTK checks
//    `isClosed` (or its weak `self`) before it touches a widget: after closing, the widgets may
//    be finalized and any GTK call on them is a critical (the GUI tests run with
//    G_DEBUG=fatal-criticals, so it fails the test that caused it).
// 4. `[unowned self]`. The owner is kept alive until GTK finalizes its top widget
//    (`keepAlive(_:until:)`, a GLib weak reference), even when something else still holds that
//    widget past the closing; GLib disconnects an object's handlers when it finalizes it. So a
//    handler with `[unowned self]` connected on the owner's widgets, their controllers or the
//    window's actions can only run while its owner exists. Closures handed to other Swift
//    objects (the document, the autosaver, the canvas's callbacks) are cleared at closing
//    instead; continuations hold `self` weakly. (Holding the reference and releasing it in
//    `deinit` was tried first: GTK then finalized the window while the owner was already being
//    freed, and its `[unowned self]` handlers trapped.)
//
// Signal handlers are Swift closures boxed and handed to GLib with `Unmanaged.passRetained`.
// Each box is released exactly once, in the destroy-notify GLib calls when the handler is
// disconnected or its object finalized (DESIGN joint 2). Every trampoline is typed to its
// signal's exact C signature: a mismatch crashes.

/// A Swift closure kept alive by GLib for as long as a handler is connected.
final class ClosureBox<Function> {
    let function: Function

    init(_ function: Function) {
        self.function = function
    }
}

private let releaseClosureBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// Connects `trampoline` to `signal` on `instance` with `function` boxed as its user data.
@discardableResult
private func connect<Function>(
    _ instance: some GObjectPointer, _ signal: String, _ function: Function, trampoline: UnsafeRawPointer
) -> UInt {
    let box = Unmanaged.passRetained(ClosureBox(function) as AnyObject).toOpaque()
    return g_signal_connect_data(
        instance.raw, signal, unsafeBitCast(trampoline, to: GCallback.self), box, releaseClosureBox, GConnectFlags(0))
}

private func unbox<Function>(_ data: gpointer?) -> Function {
    Unmanaged<ClosureBox<Function>>.fromOpaque(data!).takeUnretainedValue().function
}

// MARK: - Signatures

typealias VoidHandler = @MainActor () -> Void

/// `void handler(GObject *self, gpointer data)`: activate, clicked, destroy, drag-end on a source…
@discardableResult
func onSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping VoidHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(voidTrampoline, to: UnsafeRawPointer.self))
}

private let voidTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let handler: VoidHandler = unbox(data)
    MainActor.assumeIsolated { handler() }
}

typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void

/// `void handler(GObject *self, gpointer arg, gpointer data)`: notify::, drag-begin (GdkDrag*)…
@discardableResult
func onSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping PointerHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(pointerTrampoline, to: UnsafeRawPointer.self))
}

private let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
    let handler: PointerHandler = unbox(data)
    nonisolated(unsafe) let argument = argument  // GTK calls us on the main thread
    MainActor.assumeIsolated { handler(argument) }
}

typealias PointHandler = @MainActor (Double, Double) -> Void

/// `void handler(GObject *self, double x, double y, gpointer data)`: drag-begin/update/end on
/// GtkGestureDrag, motion on GtkEventControllerMotion…
@discardableResult
func onPointSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping PointHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(pointTrampoline, to: UnsafeRawPointer.self))
}

private let pointTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
    let handler: PointHandler = unbox(data)
    MainActor.assumeIsolated { handler(x, y) }
}

typealias ScrollHandler = @MainActor (Double, Double) -> Bool

/// `gboolean handler(GtkEventControllerScroll *self, double dx, double dy, gpointer data)`.
@discardableResult
func onScrollSignal(_ instance: some GObjectPointer, _ handler: @escaping ScrollHandler) -> UInt {
    connect(instance, "scroll", handler, trampoline: unsafeBitCast(scrollTrampoline, to: UnsafeRawPointer.self))
}

private let scrollTrampoline: @convention(c) (gpointer?, Double, Double, gpointer?) -> gboolean = { _, dx, dy, data in
    let handler: ScrollHandler = unbox(data)
    return MainActor.assumeIsolated { handler(dx, dy) } ? 1 : 0
}

typealias PressHandler = @MainActor (Int32, Double, Double) -> Void

/// `void handler(GtkGestureClick *self, int n_press, double x, double y, gpointer data)`.
@discardableResult
func onPressSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping PressHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(pressTrampoline, to: UnsafeRawPointer.self))
}

private let pressTrampoline: @convention(c) (gpointer?, Int32, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
    let handler: PressHandler = unbox(data)
    MainActor.assumeIsolated { handler(count, x, y) }
}

typealias ScaleHandler = @MainActor (Double) -> Void

/// `void handler(GtkGestureZoom *self, double scale, gpointer data)`: scale-changed.
@discardableResult
func onScaleSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping ScaleHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(scaleTrampoline, to: UnsafeRawPointer.self))
}

private let scaleTrampoline: @convention(c) (gpointer?, Double, gpointer?) -> Void = { _, scale, data in
    let handler: ScaleHandler = unbox(data)
    MainActor.assumeIsolated { handler(scale) }
}

typealias DropHandler = @MainActor (OpaquePointer, Double, Double) -> Bool

/// `gboolean handler(GtkDropTargetAsync *self, GdkDrop *drop, double x, double y, gpointer data)`: drop.
@discardableResult
func onDropSignal(_ instance: some GObjectPointer, _ handler: @escaping DropHandler) -> UInt {
    connect(instance, "drop", handler, trampoline: unsafeBitCast(dropTrampoline, to: UnsafeRawPointer.self))
}

private let dropTrampoline: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = {
    _, drop, x, y, data in
    let handler: DropHandler = unbox(data)
    guard let drop else { return 0 }
    nonisolated(unsafe) let unsafeDrop = drop  // GTK calls us on the main thread
    return MainActor.assumeIsolated { handler(unsafeDrop, x, y) } ? 1 : 0
}

typealias DropMotionHandler = @MainActor (Double, Double) -> GdkDragAction

/// `GdkDragAction handler(GtkDropTargetAsync *self, GdkDrop *drop, double x, double y, gpointer data)`:
/// drag-enter, drag-motion.
@discardableResult
func onDropMotionSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping DropMotionHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(dropMotionTrampoline, to: UnsafeRawPointer.self))
}

private let dropMotionTrampoline: @convention(c) (gpointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction = {
    _, _, x, y, data in
    let handler: DropMotionHandler = unbox(data)
    return MainActor.assumeIsolated { handler(x, y) }
}

typealias OpenHandler = @MainActor ([String]) -> Void

/// `void handler(GApplication *self, GFile **files, int n_files, const char *hint, gpointer data)`.
@discardableResult
func onOpenSignal(_ instance: some GObjectPointer, _ handler: @escaping OpenHandler) -> UInt {
    connect(instance, "open", handler, trampoline: unsafeBitCast(openTrampoline, to: UnsafeRawPointer.self))
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
@discardableResult
func onKeyPressed(_ instance: some GObjectPointer, _ handler: @escaping KeyHandler) -> UInt {
    connect(instance, "key-pressed", handler, trampoline: unsafeBitCast(keyTrampoline, to: UnsafeRawPointer.self))
}

private let keyTrampoline: @convention(c) (gpointer?, UInt32, UInt32, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, _, state, data in
    let handler: KeyHandler = unbox(data)
    return MainActor.assumeIsolated { handler(keyval, state) } ? 1 : 0
}

typealias ResponseHandler = @MainActor (Int32) -> Void

/// `void handler(GtkNativeDialog *self, int response_id, gpointer data)`: response.
@discardableResult
func onResponseSignal(_ instance: some GObjectPointer, _ handler: @escaping ResponseHandler) -> UInt {
    connect(instance, "response", handler, trampoline: unsafeBitCast(responseTrampoline, to: UnsafeRawPointer.self))
}

private let responseTrampoline: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, response, data in
    let handler: ResponseHandler = unbox(data)
    MainActor.assumeIsolated { handler(response) }
}

typealias StopHandler = @MainActor () -> Bool

/// `gboolean handler(GObject *self, gpointer data)`: close-request (true stops the default).
@discardableResult
func onStopSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping StopHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(stopTrampoline, to: UnsafeRawPointer.self))
}

private let stopTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
    let handler: StopHandler = unbox(data)
    return MainActor.assumeIsolated { handler() } ? 1 : 0
}

typealias StringHandler = @MainActor (String) -> Void

/// `void handler(GObject *self, const char *text, gpointer data)`: emoji-picked on GtkEmojiChooser,
/// response on AdwMessageDialog (the response id). A NULL string arrives as "".
@discardableResult
func onStringSignal(_ instance: some GObjectPointer, _ signal: String, _ handler: @escaping StringHandler) -> UInt {
    connect(instance, signal, handler, trampoline: unsafeBitCast(stringTrampoline, to: UnsafeRawPointer.self))
}

private let stringTrampoline: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { _, text, data in
    let handler: StringHandler = unbox(data)
    let string = text.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { handler(string) }
}

typealias FileMonitorHandler = @MainActor (GFileMonitorEvent) -> Void

/// `void handler(GFileMonitor *self, GFile *file, GFile *other_file, GFileMonitorEvent event,
/// gpointer data)`: changed.
@discardableResult
func onFileMonitorChanged(_ instance: some GObjectPointer, _ handler: @escaping FileMonitorHandler) -> UInt {
    connect(instance, "changed", handler, trampoline: unsafeBitCast(fileMonitorTrampoline, to: UnsafeRawPointer.self))
}

private let fileMonitorTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
    _, _, _, event, data in
    let handler: FileMonitorHandler = unbox(data)
    MainActor.assumeIsolated { handler(event) }
}
