import Foundation

/// Mouse and keyboard input through xdotool's XTEST events, which GTK 4 receives like a real
/// user's (DESIGN joint 7).
///
/// Bare Xvfb has no window manager: `xdotool windowactivate` fails there, so keys are sent after
/// `windowfocus --sync`, which sets the X input focus itself and waits until it has moved.
/// The X server queues the events of one xdotool call in order, and GTK handles them in that
/// order, so a click followed by a key needs no pause in between; only effects that cross
/// processes (a drop, a save) are waited for, by the tests.
struct XInput: Sendable {
    let server: XvfbServer
    /// The window keys go to.
    let window: String

    /// Runs xdotool with `arguments` on this server.
    func xdotool(_ arguments: [String]) async throws {
        try await ExternalCommand.runChecked("xdotool", arguments, extraEnvironment: server.environment)
    }

    /// Gives the window the keyboard focus; every key press goes there.
    func focus() async throws {
        try await xdotool(["windowfocus", "--sync", window])
    }

    func move(to point: ScreenPoint) async throws {
        try await xdotool(["mousemove", "\(point.x)", "\(point.y)"])
    }

    /// A left click at `point`, with `modifiers` (xdotool key names such as "shift") held.
    func click(at point: ScreenPoint, holding modifiers: [String] = []) async throws {
        try await focus()
        try await xdotool(
            ["mousemove", "\(point.x)", "\(point.y)"]
                + modifiers.flatMap { ["keydown", $0] } + ["click", "1"] + modifiers.flatMap { ["keyup", $0] })
    }

    /// Two left clicks 80 ms apart at `point`: GTK's GtkGestureClick reports n_press = 2.
    func doubleClick(at point: ScreenPoint) async throws {
        try await focus()
        try await xdotool(["mousemove", "\(point.x)", "\(point.y)", "click", "--repeat", "2", "--delay", "80", "1"])
    }

    /// Presses the left button at `start`, moves to `end` in `steps` steps and releases there:
    /// the path a hand would take, which GtkGestureDrag follows as one drag.
    func drag(from start: ScreenPoint, to end: ScreenPoint, steps: Int = 10, holding modifiers: [String] = []) async throws {
        try await focus()
        var arguments = ["mousemove", "\(start.x)", "\(start.y)"] + modifiers.flatMap { ["keydown", $0] } + ["mousedown", "1"]
        for step in 1...steps {
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            // A short pause between moves, as a hand makes; the end result does not depend on it.
            arguments += ["sleep", "0.02", "mousemove", "\(x)", "\(y)"]
        }
        arguments += ["mouseup", "1"] + modifiers.flatMap { ["keyup", $0] }
        try await xdotool(arguments)
    }

    /// `notches` wheel notches with Ctrl held at `point`: up (button 4) for positive counts,
    /// down (button 5) for negative ones. This is the mouse's zoom; pinch, which Xvfb cannot
    /// produce, takes the same path in the app (DESIGN joint 7).
    func controlScroll(at point: ScreenPoint, notches: Int) async throws {
        guard notches != 0 else { return }
        try await focus()
        try await xdotool([
            "mousemove", "\(point.x)", "\(point.y)", "keydown", "ctrl",
            "click", "--repeat", "\(abs(notches))", "--delay", "50", notches > 0 ? "4" : "5",
            "keyup", "ctrl",
        ])
    }

    /// Presses each key combination in turn, e.g. "Delete", "ctrl+s", "ctrl+shift+z".
    func key(_ combinations: String...) async throws {
        try await focus()
        try await xdotool(["key"] + combinations)
    }
}
