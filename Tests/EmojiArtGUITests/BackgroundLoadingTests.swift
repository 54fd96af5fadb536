import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// URL backgrounds fetched from a server in the test process (SPEC D2, B1–B5): what the canvas
    /// shows while the image loads, when it arrives and when it cannot be had, and what the
    /// document keeps.
    @Suite("Loading a URL background", .serialized, .ownXvfbDisplay)
    struct BackgroundLoadingTests {
        /// A frog far up left, away from the centre where the spinner turns, and a blank background.
        static let backdrop = #"{"background":{},"emojis":[{"id":1,"size":60,"text":"🐸","x":-300,"y":-200}],"uniqueEmojiId":1}"#

        /// A 300×200 pure red PNG: wider than tall, so a fitted view shows it edge to edge one way.
        static func redPNG() async throws -> Data {
            try await ExternalCommand.runChecked("convert", ["-size", "300x200", "xc:red", "png:-"]).standardOutput
        }

        /// Opens `backdrop` in a fresh app; see `withApp`.
        func withBackdrop(_ body: (OpenDocument) async throws -> Void) async throws {
            var file: URL?
            try await withApp({ workspace in
                file = try workspace.writeDocument(named: "backdrop.emojiart", contents: Self.backdrop)
                return [file!.path]
            }) { app in
                try await body(try await OpenDocument.waitForWindow(of: try #require(file), in: app))
            }
        }

        /// Drops `text` from another app on the canvas, as a browser drops a link (DESIGN joint 6),
        /// and returns once the document has taken it. The helper must live until then: the
        /// button's release only starts the X drop, and the app asks the source for the text
        /// after it (stopping the helper at once left the canvas hovered and the drop lost).
        func drop(text: String, on document: OpenDocument) async throws {
            let helper = try await DragSourceHelper.launch(offering: .text(text), for: document.app)
            defer { helper.stop() }
            try await helper.drop(on: document, at: document.canvas.screenPoint(for: DocumentPoint(x: 100, y: 100)))
            try await waitUntil("the document takes the dropped link") {
                try document.app.requireRunning()
                let title = try await document.title()
                return title == document.unsavedTitle || (try? document.savedModel())?.background != .blank
            }
        }

        /// Whether the red image is shown fitted (B5): the 3:2 image fills the canvas one way and
        /// is centred the other; the canvas is wider than 3:2, so it fills the height.
        static func isFitted(_ box: ScreenRect?, in canvas: CanvasGeometry) -> Bool {
            guard let box else { return false }
            return box.height >= canvas.frame.height - 2 && abs(box.midX - canvas.centerX) <= 2
                && abs(Double(box.width) / Double(box.height) - 1.5) < 0.02
        }

        @Test("a dropped image URL shows a spinner while it loads, then the image fitted to the view; the file keeps the URL (D2, B2, B5)")
        func dropURLShowsSpinnerThenFittedImage() async throws {
            let png = try await Self.redPNG()
            try await withTestHTTPServer(routes: ["/slow/red.png": TestHTTPResponse.heldImage(png)]) { server in
                try await withBackdrop { document in
                    let frog = try #require(try document.savedModel().emojis.first)
                    #expect(document.spinnerPixelCount(in: try await document.settledScreenshot()) == 0)
                    let url = server.address("/slow/red.png")
                    try await drop(text: url, on: document)

                    // The server holds the body back until told, so the spinner has all the time it needs.
                    let loading = try await document.waitForScreenshot("the spinner turns at the canvas centre") {
                        document.spinnerPixelCount(in: $0) > 30
                    }
                    try await loading.archive(as: "background-spinner")
                    #expect(
                        loading.drawnBox(in: document.canvas.screenRect(around: frog, margin: 0)) != nil,
                        "the emojis stay visible while it loads (B2)")
                    #expect(document.redBox(in: loading) == nil)
                    #expect(server.requestedPaths == ["/slow/red.png"])

                    server.release()
                    let loaded = try await document.waitForScreenshot("the image shows, fitted to the view") {
                        Self.isFitted(document.redBox(in: $0), in: document.canvas)
                    }
                    try await loaded.archive(as: "background-loaded-fitted")
                    #expect(document.spinnerPixelCount(in: loaded) == 0, "the spinner is gone")
                    let saved = try await document.waitForSavedModel("has the URL background") { $0.background != .blank }
                    #expect(saved.background == .url(try #require(URL(string: url))))
                }
            }
        }

        @Test("a URL that answers 404 shows a lasting message with Retry; the file keeps the URL; Retry loads it once it is there (B4)")
        func notFoundShowsToastAndRetryLoads() async throws {
            let png = try await Self.redPNG()
            try await withTestHTTPServer { server in
                try await withBackdrop { document in
                    let url = server.address("/later/red.png")
                    try await drop(text: url, on: document)

                    _ = try await document.waitForScreenshot("the failure message shows") { document.toastBand(in: $0) != nil }
                    let failed = try await document.settledScreenshot()
                    try await failed.archive(as: "background-failure-toast")
                    let toast = try #require(document.toastBand(in: failed))
                    #expect(toast.width >= document.canvas.frame.width * 3 / 4, "the message spans the canvas: \(toast)")
                    #expect(toast.maxY >= document.canvas.frame.maxY - 40, "the message sits at the bottom: \(toast)")
                    // One line is 44 px: the long sentence wraps onto a second instead of ending in "…".
                    #expect(toast.height >= 50, "the whole sentence shows: \(toast)")
                    #expect(document.redBox(in: failed) == nil)
                    let saved = try await document.waitForSavedModel("has the URL background") { $0.background != .blank }
                    #expect(saved.background == .url(try #require(URL(string: url))), "the document keeps the URL")

                    server.setRoute("/later/red.png", TestHTTPResponse.image(png))
                    let retry = try #require(document.toastButton(in: failed, toast: toast), "no Retry button in the message")
                    try await document.input.click(at: retry)
                    let loaded = try await document.waitForScreenshot("Retry loads the image") { shot in
                        shot[document.canvas.frame.center].isClose(to: RGB(red: 255, green: 0, blue: 0), tolerance: 8)
                    }
                    try await loaded.archive(as: "background-retried")
                    let settled = try await document.settledScreenshot()
                    #expect(document.toastBand(in: settled) == nil, "the message is gone once the image shows")
                    #expect(
                        Self.isFitted(document.redBox(in: settled), in: document.canvas), "an image that arrives after Retry is fitted too")
                    #expect(server.requestedPaths == ["/later/red.png", "/later/red.png"])
                }
            }
        }

        @Test("a search-result link is unwrapped: its imgurl= image is fetched and saved as the background (D2)")
        func imgurlLinkIsUnwrapped() async throws {
            let png = try await Self.redPNG()
            try await withTestHTTPServer(routes: ["/red.png": TestHTTPResponse.image(png)]) { server in
                try await withBackdrop { document in
                    let image = server.address("/red.png")
                    let escaped = try #require(
                        image.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))))
                    try await drop(text: server.address("/search?q=x&imgurl=\(escaped)"), on: document)

                    let saved = try await document.waitForSavedModel("has the URL background") { $0.background != .blank }
                    #expect(saved.background == .url(try #require(URL(string: image))))
                    let shot = try await document.waitForScreenshot("the unwrapped image shows") {
                        Self.isFitted(document.redBox(in: $0), in: document.canvas)
                    }
                    try await shot.archive(as: "background-imgurl")
                    #expect(server.requestedPaths == ["/red.png"], "the search page itself is never fetched")
                }
            }
        }

        @Test("a document with a URL background is fitted when first opened; reopened, it keeps the view it was left with (B5, W4)")
        func reopenedDocumentKeepsItsView() async throws {
            let png = try await Self.redPNG()
            try await withTestHTTPServer(routes: ["/red.png": TestHTTPResponse.image(png)]) { server in
                try await withWorkspace { workspace in
                    let file = try workspace.writeDocument(
                        named: "remote.emojiart", contents: #"{"background":{"theURL":"\#(server.address("/red.png"))"},"emojis":[]}"#)
                    var zoomedOut: ScreenRect?
                    try await withApp(in: workspace, arguments: [file.path], name: "first-open") { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        let fitted = try await document.waitForScreenshot("the image shows, fitted to the view") {
                            Self.isFitted(document.redBox(in: $0), in: document.canvas)
                        }
                        try await fitted.archive(as: "background-first-open-fitted")
                        try await document.input.key("ctrl+minus", "ctrl+minus")
                        let shot = try await document.screenshotAfterChange(from: fitted, awaited: "the view zooms out")
                        let box: ScreenRect = try #require(document.redBox(in: shot))
                        zoomedOut = box
                        let fittedZoom = Double(document.canvas.frame.height) / 200
                        _ = try await workspace.waitForWindowState(of: file, "has the smaller zoom") {
                            abs($0.zoom - fittedZoom / 1.21) < 0.01
                        }
                        try await document.input.key("ctrl+w")
                        #expect(try await app.waitForExit() == 0)
                    }

                    let before = try #require(zoomedOut)
                    try await withApp(in: workspace, arguments: [file.path], name: "reopened") { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        _ = try await document.waitForScreenshot("the image shows") {
                            $0[document.canvas.frame.center].isClose(to: RGB(red: 255, green: 0, blue: 0), tolerance: 8)
                        }
                        let settled = try await document.settledScreenshot()
                        try await settled.archive(as: "background-reopened-kept-view")
                        let box = try #require(document.redBox(in: settled))
                        #expect(
                            abs(box.width - before.width) <= 2 && abs(box.height - before.height) <= 2,
                            "\(before) → \(box): refitted instead of kept")
                        #expect(!Self.isFitted(box, in: document.canvas))
                    }
                }
            }
        }
    }
}
