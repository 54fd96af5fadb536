import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// The app on GTK's default renderer — GL, which under Xvfb (as in a virtual machine) is Mesa's
    /// software llvmpipe — instead of the cairo renderer the other suites use. There a turning
    /// spinner keeps GTK's frame clock busy on every iteration of the main loop, and nothing the
    /// app needs may wait behind those redraws: a failed download's message, autosave, Quit.
    @Suite("On GTK's default renderer", .serialized, .ownXvfbDisplay)
    struct DefaultRendererTests {
        /// Unsets the workspace's GSK_RENDERER=cairo, so GTK picks its renderer as for a user.
        static let defaultRenderer = ["GSK_RENDERER": ""]

        static func document(background url: String) -> String {
            #"{"background":{"theURL":"\#(url)"},"emojis":[{"id":1,"size":60,"text":"🐸","x":-300,"y":-200}],"uniqueEmojiId":1}"#
        }

        func withDocument(background url: String, _ body: (OpenDocument) async throws -> Void) async throws {
            try await withWorkspace { workspace in
                let file = try workspace.writeDocument(named: "loading.emojiart", contents: Self.document(background: url))
                try await withApp(in: workspace, arguments: [file.path], extraEnvironment: Self.defaultRenderer) { app in
                    try await body(try await OpenDocument.waitForWindow(of: file, in: app))
                }
            }
        }

        @Test("a background address whose connection is refused shows its message with Retry within 5 s (B4)")
        func refusedAddressFailsAtOnce() async throws {
            // Port 9 (discard) has no listener here: the connection is refused at once.
            try await withDocument(background: "http://127.0.0.1:9/x.png") { document in
                let failed = try await document.waitForScreenshot("the failure message shows", timeout: .seconds(5)) {
                    document.toastBand(in: $0) != nil
                }
                try await failed.archive(as: "default-renderer-refused")
                let toast = try #require(document.toastBand(in: failed))
                #expect(document.toastButton(in: failed, toast: toast) != nil, "no Retry button in the message")
                #expect(document.spinnerPixelCount(in: failed) == 0, "the spinner stopped")
            }
        }

        @Test("while a background downloads and the spinner turns, an edit is autosaved and Ctrl+Q quits within 2 s (W2)")
        func spinnerLeavesAutosaveAndQuit() async throws {
            let png = try await ExternalCommand.runChecked("convert", ["-size", "30x20", "xc:red", "png:-"]).standardOutput
            try await withTestHTTPServer(routes: ["/held/red.png": TestHTTPResponse.heldImage(png)]) { server in
                try await withDocument(background: server.address("/held/red.png")) { document in
                    _ = try await document.waitForScreenshot("the spinner turns") { document.spinnerPixelCount(in: $0) > 30 }
                    let frog = try #require(try document.savedModel().emojis.first)
                    try await document.input.click(at: document.canvas.screenPoint(for: frog.position))
                    try await document.input.key("Right")
                    let moved = try await document.waitForSavedModel("holds the frog moved", timeout: .seconds(10)) {
                        $0.emojis.first?.position.x == frog.position.x + 1
                    }
                    #expect(moved.background == .url(try #require(URL(string: server.address("/held/red.png")))))
                    #expect(
                        document.spinnerPixelCount(in: try await document.screenshot()) > 30, "still loading: the server holds the image")

                    let quit = ContinuousClock.now
                    try await document.input.key("ctrl+q")
                    let status = try await document.app.waitForExit(timeout: .seconds(2))
                    #expect(status == 0, "Ctrl+Q did not end the app within 2 s (\(ContinuousClock.now - quit))")
                }
            }
        }
    }
}
