import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Export… (SPEC E1): the background from its original bytes; a URL background still loading
    /// is waited for (cancellable); one that failed is named, and the picture may be exported
    /// without it. Closing the window while an export waits touches no destroyed widget (the
    /// suite runs with G_DEBUG=fatal-criticals).
    @Suite("Export", .serialized, .ownXvfbDisplay)
    struct ExportTests {
        /// Opens Export… with Ctrl+Shift+E and types `path` into GTK's name field, then Return.
        private func export(_ document: OpenDocument, to path: String) async throws {
            try await document.input.key("ctrl+shift+e")
            let chooser = try await document.app.waitForWindow(titled: "Export Picture")
            let input = XInput(server: document.app.server, window: chooser)
            try await input.key("ctrl+a")
            try await input.xdotool(["type", "--delay", "20", path])
            try await input.key("Return")
        }

        /// The width and height in a PNG's IHDR chunk.
        private func pngSize(_ data: Data) -> (width: Int, height: Int)? {
            guard data.count >= 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
            func be32(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (be32(16), be32(20))
        }

        private func withRemoteDocument(
            _ response: [TestHTTPServer.Step], _ body: (OpenDocument, TestHTTPServer) async throws -> Void
        ) async throws {
            try await withTestHTTPServer(routes: ["/image.png": response]) { server in
                var file: URL?
                try await withApp({ workspace in
                    file = try workspace.writeDocument(
                        named: "remote.emojiart",
                        contents:
                            #"{"background":{"theURL":"\#(server.address("/image.png"))"},"emojis":[{"text":"🐸","x":0,"y":0,"size":40,"id":1}],"uniqueEmojiId":1}"#
                    )
                    return [file!.path]
                }) { app in
                    try await body(try await OpenDocument.waitForWindow(of: try #require(file), in: app), server)
                }
            }
        }

        @Test("export waits for a URL background still loading, then writes it at its own size")
        func waitsForLoadingBackground() async throws {
            let png = try await BackgroundLoadingTests.redPNG()
            try await withRemoteDocument(TestHTTPResponse.heldImage(png)) { document, server in
                let output = document.app.workspace.documents.appendingPathComponent("picture.png")
                try await export(document, to: output.path)
                _ = try await document.app.waitForWindow(titled: "Waiting for the Background…")
                #expect(!FileManager.default.fileExists(atPath: output.path), "exported before the background arrived")
                server.release()
                let data = try await waitFor("the picture is written") {
                    (try? Data(contentsOf: output)).flatMap { pngSize($0) == nil ? nil : $0 }
                }
                #expect(pngSize(data)?.width == 300 && pngSize(data)?.height == 200)
            }
        }

        @Test("a background that failed is named, and the picture can be exported without it")
        func failedBackgroundOffersExportWithout() async throws {
            try await withRemoteDocument(TestHTTPResponse.notFound) { document, _ in
                let output = document.app.workspace.documents.appendingPathComponent("without.png")
                try await export(document, to: output.path)
                let question = try await document.app.waitForWindow(titled: "Export Without Background?")
                try await XInput(server: document.app.server, window: question).key("Return")
                let data = try await waitFor("the picture is written") {
                    (try? Data(contentsOf: output)).flatMap { pngSize($0) == nil ? nil : $0 }
                }
                // Only the frog: its square with the content margin, far smaller than the image.
                #expect((pngSize(data)?.width ?? 0) < 100)
            }
        }

        @Test("closing the window while its export waits for the background leaves the app well")
        func closeWhileExportWaits() async throws {
            let png = try await BackgroundLoadingTests.redPNG()
            try await withRemoteDocument(TestHTTPResponse.heldImage(png)) { document, server in
                let output = document.app.workspace.documents.appendingPathComponent("closed.png")
                try await export(document, to: output.path)
                _ = try await document.app.waitForWindow(titled: "Waiting for the Background…")
                try await document.input.key("ctrl+w")
                server.release()
                #expect(try await document.app.waitForExit() == 0)
            }
        }
    }
}
