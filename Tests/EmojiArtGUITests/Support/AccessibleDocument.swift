import Foundation
import Testing

/// Opens a copy of `examples/NAME.emojiart` in an app that publishes its accessible tree on a
/// private AT-SPI bus, and runs `body` with both.
func withAccessibleExample(
    _ name: String, _ body: (AccessibilityBus, OpenDocument) async throws -> Void
) async throws {
    try await withAccessibleDocument({ try $0.copyExample(name) }, body)
}

/// Opens the document `makeFile` writes into the workspace, as `withAccessibleExample` does.
func withAccessibleDocument(
    _ makeFile: (TestWorkspace) throws -> URL, _ body: (AccessibilityBus, OpenDocument) async throws -> Void
) async throws {
    try await withAccessibilityBus { bus in
        try await withWorkspace { workspace in
            let file = try makeFile(workspace)
            try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                try await body(bus, try await OpenDocument.waitForWindow(of: file, in: app))
            }
        }
    }
}
