import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Ctrl+V on the canvas with what another program copied (SPEC D5): xclip owns the X
    /// clipboard, as a program that copied and stayed open does.
    @Suite("Pasting on the canvas", .serialized, .ownXvfbDisplay)
    struct PasteTests {
        /// Clicks an empty spot of sunny-meadow, as a person would before pasting, and presses Ctrl+V.
        func paste(into document: OpenDocument) async throws {
            try await document.input.click(at: document.canvas.screenPoint(for: DocumentPoint(x: 0, y: -60)))
            try await document.input.key("ctrl+v")
        }

        @Test("an emoji another app copied is added under the pointer at the default size, and selected (D5, S6)")
        func pasteEmoji() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let clipboard = try await ClipboardOwner.copy(text: "🦊", in: document.app.workspace, on: document.app.server)
                defer { clipboard.stop() }
                try await paste(into: document)

                let saved = try await document.waitForSavedModel("has one more emoji") { $0.emojis.count == original.emojis.count + 1 }
                let fox = try #require(saved.emojis.last)
                #expect(fox.text == "🦊")
                #expect(fox.size == 40)
                // `paste(into:)` clicked at (0, -60) and left the pointer there.
                #expect(abs(fox.position.x) <= 1 && abs(fox.position.y + 60) <= 1, "pasted at \(fox.position)")
                let shot = try await document.waitForScreenshot("the fox shows under the pointer, selected") { shot in
                    shot.count(in: document.canvas.screenRect(around: fox, margin: 0)) { $0.chroma > 80 } > 200
                        && shot.count(in: document.canvas.screenRect(around: fox, margin: 14)) { $0.isAccentBlue } > 20
                }
                try await shot.archive(as: "paste-emoji")
            }
        }

        @Test("an http link on the clipboard becomes the URL background and shows (D5, D2)")
        func pasteImageLink() async throws {
            let png = try await BackgroundLoadingTests.redPNG()
            try await withTestHTTPServer(routes: ["/red.png": TestHTTPResponse.image(png)]) { server in
                try await withExampleDocument("sunny-meadow") { document in
                    let url = server.address("/red.png")
                    let clipboard = try await ClipboardOwner.copy(text: url, in: document.app.workspace, on: document.app.server)
                    defer { clipboard.stop() }
                    try await paste(into: document)

                    let saved = try await document.waitForSavedModel("has the URL background") { $0.background != .blank }
                    #expect(saved.background == .url(try #require(URL(string: url))))
                    let shot = try await document.waitForScreenshot("the red image shows") { shot in
                        shot[document.canvas.frame.center].isClose(to: RGB(red: 255, green: 0, blue: 0), tolerance: 8)
                    }
                    try await shot.archive(as: "paste-link")
                    #expect(server.requestedPaths == ["/red.png"])
                }
            }
        }

        @Test("a PNG image on the clipboard is embedded as the background (D5, D3)")
        func pasteImage() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let image = document.app.workspace.root.appendingPathComponent("red.png")
                try await ExternalCommand.runChecked("convert", ["-size", "300x200", "xc:red", image.path])
                let clipboard = try await ClipboardOwner.copy(
                    file: image, type: "image/png", in: document.app.workspace, on: document.app.server)
                defer { clipboard.stop() }
                try await paste(into: document)

                let saved = try await document.waitForSavedModel("has an embedded background") { $0.background.imageData != nil }
                let embedded = try #require(saved.background.imageData)
                let header = try #require(ImageHeader(embedded), "the embedded bytes are not an image")
                #expect(header.width == 300 && header.height == 200, "embedded \(header)")
                let shot = try await document.waitForScreenshot("the red image shows") { shot in
                    shot[document.canvas.frame.center].isClose(to: RGB(red: 255, green: 0, blue: 0), tolerance: 8)
                }
                try await shot.archive(as: "paste-image")
            }
        }
    }
}
