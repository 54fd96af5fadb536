import Foundation
import Testing

/// Runs `emojiart ARGUMENTS…` in a fresh workspace on the suite's X server for the length of
/// `body`, then stops it and removes the workspace — also when `body` fails. Records an issue
/// if the app exited with a failure status or died of a signal during the test, or logged a GLib
/// CRITICAL (a programming error in the app).
func withApp(
    _ arguments: (TestWorkspace) throws -> [String],
    accessible: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (AppUnderTest) async throws -> Void
) async throws {
    try await withWorkspace { workspace in
        try await withApp(in: workspace, arguments: try arguments(workspace), accessible: accessible, sourceLocation: sourceLocation, body)
    }
}

/// A fresh workspace for the length of `body`, removed afterwards: for tests that launch the app
/// more than once in the same HOME (a relaunch after a crash, two processes sharing palettes).
func withWorkspace(_ body: (TestWorkspace) async throws -> Void) async throws {
    let workspace = try TestWorkspace()
    defer { workspace.remove() }
    try await body(workspace)
}

/// Runs `emojiart ARGUMENTS…` in `workspace`, which outlives it, for the length of `body`, then
/// stops it; checks its exit and its log as `withApp` does. An app the test killed with
/// `crash()` is not a failure. `name` names its log files (see `AppUnderTest.launch`).
/// `accessible`: the app publishes its accessible tree on a private AT-SPI bus of its own, so
/// the test can find its widgets as a screen reader does (`OpenDocument.paletteStrip()`).
func withApp(
    in workspace: TestWorkspace, arguments: [String], name: String = "emojiart",
    extraEnvironment: [String: String] = [:], accessible: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (AppUnderTest) async throws -> Void
) async throws {
    let server = try XvfbServer.requireCurrent()
    let bus = accessible ? try await AccessibilityBus.start() : nil
    defer { bus?.stop() }
    let app = try AppUnderTest.launch(
        arguments, in: workspace, on: server, name: name, extraEnvironment: extraEnvironment, accessibilityBus: bus)
    defer { app.stop() }
    try await body(app)
    if let status = app.exitStatus, status != 0, !app.wasCrashedByTest {
        Issue.record("\(name) exited with status \(status); stderr: \(app.standardError)", sourceLocation: sourceLocation)
    }
    let criticals = app.standardError.split(separator: "\n").filter { $0.contains("-CRITICAL **") }
    if !criticals.isEmpty {
        Issue.record("\(name) logged: \(criticals.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}

/// Opens a copy of `examples/NAME.emojiart` in a fresh app and runs `body` with its window;
/// see `withApp`.
func withExampleDocument(
    _ name: String,
    accessible: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (OpenDocument) async throws -> Void
) async throws {
    var file: URL?
    try await withApp(
        { workspace in
            let copy = try workspace.copyExample(name)
            file = copy
            return [copy.path]
        }, accessible: accessible, sourceLocation: sourceLocation
    ) { app in
        let document = try await OpenDocument.waitForWindow(of: try #require(file), in: app)
        try await body(document)
    }
}
