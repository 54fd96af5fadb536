import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// A window closed while work it started is still in flight (issue 15): the work's
    /// continuation must not touch the destroyed window. The app runs with
    /// G_DEBUG=fatal-criticals, so any GTK call on a destroyed widget aborts it and fails here.
    @Suite("Closing in flight", .serialized, .ownXvfbDisplay)
    struct ClosingInFlightTests {
        @Test("closing a window while its background is still downloading, then the download ending, leaves the app well")
        func closeWhileBackgroundLoads() async throws {
            let png = try await BackgroundLoadingTests.redPNG()
            try await withLocalImageServer(["/slow.png": .heldImage(png)]) { server in
                var file: URL?
                try await withApp({ workspace in
                    file = try workspace.writeDocument(
                        named: "slow.emojiart", contents: #"{"background":{"theURL":"\#(server.url("/slow.png"))"},"emojis":[]}"#)
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

    }
}
