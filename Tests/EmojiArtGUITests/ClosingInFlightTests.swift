import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// A window closed while work it started is still in flight: the work's
    /// continuation must not touch the destroyed window. The app runs with
    /// G_DEBUG=fatal-criticals, so any GTK call on a destroyed widget aborts it and fails here.
    @Suite("Closing in flight", .serialized, .ownXvfbDisplay)
    struct ClosingInFlightTests {
        @Test("closing a window while its background is still downloading, then the download ending, leaves the app well")
        func closeWhileBackgroundLoads() async throws {
            let png = try await BackgroundLoadingTests.redPNG()
            try await withTestHTTPServer(routes: ["/slow.png": TestHTTPResponse.heldImage(png)]) { server in
                var file: URL?
                try await withApp({ workspace in
                    file = try workspace.writeDocument(
                        named: "slow.emojiart", contents: #"{"background":{"theURL":"\#(server.address("/slow.png"))"},"emojis":[]}"#)
                    return [file!.path]
                }) { app in
                    let document = try await OpenDocument.waitForWindow(of: try #require(file), in: app)
                    _ = try await waitFor("the app asked for the image") { server.requestedPaths.isEmpty ? nil : true }
                    try await document.input.key("ctrl+w")
                    server.release()
                    #expect(try await app.waitForExit() == 0)
                }
            }
        }

        @Test("closing a window while its Save As is still writing leaves the app well, the other window working and the file whole")
        func closeWhileSaveAsWrites() async throws {
            // Large enough that writing it takes a good part of a second off the main thread, so
            // Ctrl+W lands while the Save As continuation is still waiting for its write. (With
            // no window manager, the chooser's modality keeps Ctrl+W from the window while the
            // chooser is open, as a window manager would.)
            let emojiCount = 150_000
            var file: URL?
            try await withApp(
                { workspace in
                    file = try workspace.writeDocument(named: "big.emojiart", contents: Self.document(emojiCount: emojiCount))
                    return [file!.path]
                }, accessible: true
            ) { app in
                let document = try await OpenDocument.waitForWindow(of: try #require(file), in: app)
                // A second window keeps the app running after the first one closes.
                try await document.input.key("ctrl+n")
                let other = try await OpenDocument.waitForUntitledWindow(in: app)

                try await document.input.key("ctrl+shift+s")
                let chooser = try await app.waitForWindow(titled: "Save Document")
                let target = app.workspace.documents.appendingPathComponent("elsewhere.emojiart")
                let chooserInput = XInput(server: app.server, window: chooser)
                try await chooserInput.key("ctrl+a")
                try await chooserInput.xdotool(["type", "--delay", "20", target.path])
                try await chooserInput.key("Return")
                try await waitUntil("the chooser is gone", poll: .milliseconds(10)) {
                    try await !app.visibleWindows().contains(chooser)
                }
                try await document.input.key("ctrl+w")

                try await waitUntil("the document’s window is gone") {
                    try await !app.visibleWindows().contains(document.window)
                }
                let saved = try await waitFor("the Save As file is written whole") { try? DocumentFile.read(from: target) }
                #expect(saved.emojis.count == emojiCount)

                // The other window still works: an emoji added from its palette is autosaved to
                // its draft.
                try await other.input.click(at: try await other.firstPaletteEmojiButton())
                _ = try await app.workspace.waitForDraft("holds the added emoji") { $0.emojis.count == 1 }
                try await other.input.key("ctrl+q")
                #expect(try await app.waitForExit() == 0)
            }
        }

        /// A document of `emojiCount` emojis in a grid, in the iOS app's shape; the grid lies
        /// beyond the right edge of the window, so the canvas shows (and tests find) its blank.
        private static func document(emojiCount: Int) -> String {
            let emojis = (0..<emojiCount).map { index in
                #"{"text":"🐸","x":\#(10_000 + index % 400 * 10),"y":\#(index / 400 * 10),"size":40,"id":\#(index + 1)}"#
            }
            return #"{"background":{},"emojis":[\#(emojis.joined(separator: ","))],"uniqueEmojiId":\#(emojiCount)}"#
        }
    }
}
