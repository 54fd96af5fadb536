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
// signal's exact C signature: a mismatch crashes. So a signal is declared once, its name with
// the shape of its handler (`Signal`, Signal+Declarations.swift), and every handler in the app
// is connected through `connect(_:_:_:)`; the trampolines, one per shape, are in
// Signal+Shapes.swift.

/// A Swift closure kept alive by GLib for as long as a handler is connected.
final class ClosureBox<Function> {
    let function: Function

    init(_ function: Function) {
        self.function = function
    }
}

/// A GLib signal: its name and the C shape of its handler, declared once
/// (Signal+Declarations.swift). `Handler` is the Swift closure a call site gives; the trampoline
/// is the C function GLib calls, typed to the signal's exact C signature, which unboxes a
/// `Handler` (a `Trampoline<Handler>` can only call that closure type).
struct Signal<Handler> {
    let name: String
    let trampoline: Trampoline<Handler>
}

/// Connects `handler` to `signal` on `instance`, e.g. `connect(button, .clicked) { … }`, and
/// returns the handler's id (for `g_signal_handler_disconnect`).
@discardableResult
func connect<Handler>(_ instance: some GObjectPointer, _ signal: Signal<Handler>, _ handler: Handler) -> UInt {
    let box = Unmanaged.passRetained(ClosureBox(handler) as AnyObject).toOpaque()
    return g_signal_connect_data(
        instance.raw, signal.name, unsafeBitCast(signal.trampoline.function, to: GCallback.self), box, releaseClosureBox,
        GConnectFlags(0))
}

private let releaseClosureBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}
