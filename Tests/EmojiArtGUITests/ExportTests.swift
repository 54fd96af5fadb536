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

        @Test("in dark style the canvas's paper is dark grey, and Export still draws the picture on white (A2)")
        func darkStylePaperStaysOutOfExports() async throws {
            try await withWorkspace { workspace in
                let file = try workspace.copyExample("sunny-meadow")
                let dark = ["ADW_DEBUG_COLOR_SCHEME": "prefer-dark"]
                try await withApp(in: workspace, arguments: [file.path], extraEnvironment: dark) { app in
                    // OpenDocument finds the canvas by its white paper, so the window is read here.
                    let window = try await app.waitForWindow(titled: OpenDocument.title(for: file))
                    let frame = try await app.frame(of: window)
                    let paper = ScreenPoint(x: frame.minX + 40, y: frame.center.y)
                    let shot = try await waitFor("the emojis are drawn on the dark paper") {
                        let shot = try await Screenshot.capture(on: app.server)
                        let drawn = shot.count(in: frame.insetBy(60)) { $0.chroma > 60 } > 500
                        return drawn && shot[paper].isClose(to: RGB(red: 0x1E, green: 0x1E, blue: 0x1E), tolerance: 3) ? shot : nil
                    }
                    try await shot.archive(as: "dark-style-canvas")
                    let output = workspace.documents.appendingPathComponent("dark.png")
                    let input = XInput(server: app.server, window: window)
                    try await input.key("ctrl+shift+e")
                    let chooser = try await app.waitForWindow(titled: "Export Picture")
                    let dialog = XInput(server: app.server, window: chooser)
                    try await dialog.key("ctrl+a")
                    try await dialog.xdotool(["type", "--delay", "20", output.path])
                    try await dialog.key("Return")
                    try await waitUntil("the PNG is written") { FileManager.default.fileExists(atPath: output.path) }
                    let corner = try await ExternalCommand.runChecked("convert", [output.path, "-crop", "1x1+0+0", "-depth", "8", "txt:-"])
                        .text
                    #expect(corner.contains("#FFFFFF"), "the export's corner is white: \(corner)")
                }
            }
        }

        /// Makes a desktop file the user's default for PNG pictures, which writes the address
        /// it is given to `opened.txt` in the workspace, as an image viewer would open it.
        private static func installImageViewer(in workspace: TestWorkspace) throws -> URL {
            let opened = workspace.root.appendingPathComponent("opened.txt")
            let script = workspace.root.appendingPathComponent("viewer.sh")
            try "#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path)'\n".write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            let applications = workspace.home.appendingPathComponent(".local/share/applications")
            try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
            try """
            [Desktop Entry]
            Type=Application
            Name=Test Viewer
            Exec=\(script.path) %u
            MimeType=image/png;

            """.write(to: applications.appendingPathComponent("emojiart-test-viewer.desktop"), atomically: true, encoding: .utf8)
            try "[Default Applications]\nimage/png=emojiart-test-viewer.desktop\n".write(
                to: workspace.home.appendingPathComponent(".config/mimeapps.list"), atomically: true, encoding: .utf8)
            return opened
        }

        @Test("the toast after an export offers Open, which shows the picture in the default image viewer (E1)")
        func openAfterExport() async throws {
            var opened: URL?
            try await withAccessibleDocument({ workspace in
                opened = try Self.installImageViewer(in: workspace)
                return try workspace.copyExample("sunny-meadow")
            }) { bus, document in
                let output = document.app.workspace.documents.appendingPathComponent("meadow.png")
                try await export(document, to: output.path)
                // libadwaita 1.2's toasts are not in the accessibility tree: the toast and its
                // button are found by their pixels.
                _ = try await document.waitForScreenshot("the toast shows") { document.toastBand(in: $0, share: 0.2) != nil }
                let shot = try await document.settledScreenshot()
                try await shot.archive(as: "export-toast")
                let toast = try #require(document.toastBand(in: shot, share: 0.2))
                #expect(toast.height < 50, "a short message keeps to one line: \(toast)")
                #expect(FileManager.default.fileExists(atPath: output.path))
                let open = try #require(document.toastButton(in: shot, toast: toast), "no Open button in the toast")
                try await document.input.click(at: open)
                let address = try await waitFor("the viewer is given the picture") {
                    try? String(contentsOf: try #require(opened), encoding: .utf8)
                }
                #expect(URL(string: address)?.path == output.path, "\(address)")
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
