import Foundation
import Testing

/// Runs `emojiart ARGUMENTS…` in a fresh workspace on the suite's X server for the length of
/// `body`, then stops it and removes the workspace — also when `body` fails. Records an issue
/// if the app exited with a failure status or died of a signal during the test, or logged a GLib
/// CRITICAL (a programming error in the app).
func withApp(
    _ arguments: (TestWorkspace) throws -> [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (AppUnderTest) async throws -> Void
) async throws {
    let server = try XvfbServer.requireCurrent()
    let workspace = try TestWorkspace()
    defer { workspace.remove() }
    let app = try AppUnderTest.launch(try arguments(workspace), in: workspace, on: server)
    defer { app.stop() }
    try await body(app)
    if let status = app.exitStatus, status != 0 {
        Issue.record("emojiart exited with status \(status); stderr: \(app.standardError)", sourceLocation: sourceLocation)
    }
    let criticals = app.standardError.split(separator: "\n").filter { $0.contains("-CRITICAL **") }
    if !criticals.isEmpty {
        Issue.record("emojiart logged: \(criticals.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}

/// Opens a copy of `examples/NAME.emojiart` in a fresh app and runs `body` with its window;
/// see `withApp`.
func withExampleDocument(
    _ name: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (OpenDocument) async throws -> Void
) async throws {
    var file: URL?
    try await withApp({ workspace in
        let copy = try workspace.copyExample(name)
        file = copy
        return [copy.path]
    }, sourceLocation: sourceLocation) { app in
        let document = try await OpenDocument.waitForWindow(of: try #require(file), in: app)
        try await body(document)
    }
}
