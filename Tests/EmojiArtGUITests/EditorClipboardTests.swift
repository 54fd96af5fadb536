import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Copy offers three formats to any program; paste works after the focus left the canvas
    /// and in another EmojiArt process (S6, U4).
    @Suite("Clipboard between programs", .serialized, .ownXvfbDisplay)
    struct EditorClipboardTests {
        private func clipboard(_ target: String, on server: XvfbServer) async throws -> Data {
            let output = try await ExternalCommand.runChecked(
                "xclip", ["-selection", "clipboard", "-o", "-t", target], extraEnvironment: server.environment)
            return output.standardOutput
        }

        @Test("a copy offers our emoji JSON, plain text and a PNG, read by xclip from another process (S6)")
        func copyOffersThreeFormats() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let bee = try #require(original.emojis.first { $0.text == "🐝" })
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let canvas = document.canvas
                try await document.input.click(at: canvas.screenPoint(for: bee.position))
                try await document.input.click(at: canvas.screenPoint(for: dog.position), holding: ["shift"])
                try await document.input.key("ctrl+c")
                let server = document.app.server
                let targets = try await waitFor("the copy is on the clipboard") {
                    let text = String(decoding: try await clipboard("TARGETS", on: server), as: UTF8.self)
                    return text.contains(ClipboardEmojis.mimeType) ? text : nil
                }
                #expect(targets.contains("image/png"), "\(targets)")
                #expect(targets.contains("UTF8_STRING") || targets.contains("text/plain"), "\(targets)")

                let text = String(decoding: try await clipboard("UTF8_STRING", on: server), as: UTF8.self)
                #expect(text == "🐝🐶")
                let json = try await clipboard(ClipboardEmojis.mimeType, on: server)
                let copied = try ClipboardEmojis(data: json)
                #expect(copied.emojis.map(\.text) == ["🐝", "🐶"])
                #expect(copied.emojis[1].x - copied.emojis[0].x == dog.position.x - bee.position.x)
                let png = try await clipboard("image/png", on: server)
                #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
                let width = png.count > 24 ? Int(png[16]) << 24 | Int(png[17]) << 16 | Int(png[18]) << 8 | Int(png[19]) : 0
                // The selection's content area at 2×: wider than the two emojis' span.
                #expect(Double(width) >= 2 * (dog.position.x - bee.position.x), "PNG width \(width)")
            }
        }

        @Test("after a palette click moves the focus, Ctrl+V still pastes the copied emojis, as one Paste step (U4, S6)")
        func pasteAfterPaletteClick() async throws {
            try await withExampleDocument("sunny-meadow", accessible: true) { document in
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("ctrl+c")
                try await document.input.click(at: try await document.firstPaletteEmojiButton())
                _ = try await document.waitForSavedModel("the palette emoji is added") {
                    $0.emojis.count == original.emojis.count + 1
                }
                try await document.input.key("ctrl+v")
                let pasted = try await document.waitForSavedModel("the dog is pasted") {
                    $0.emojis.count == original.emojis.count + 2
                }
                let copy = try #require(pasted.emojis.last)
                #expect(copy.text == "🐶" && copy.size == dog.size && copy.id != dog.id)
                try await document.input.key("ctrl+z")
                #expect(try await document.save().emojis.count == original.emojis.count + 1, "one undo removes the paste")
            }
        }

        @Test("emojis copied in one EmojiArt process paste into another with their layout (S6)")
        func pasteIntoAnotherProcess() async throws {
            try await withWorkspace { workspace in
                let firstFile = try workspace.copyExample("sunny-meadow", as: "first")
                let secondFile = try workspace.writeDocument(named: "second.emojiart", contents: #"{"emojis":[]}"#)
                try await withApp(in: workspace, arguments: [firstFile.path], name: "first") { firstApp in
                    let first = try await OpenDocument.waitForWindow(of: firstFile, in: firstApp)
                    let model = try first.savedModel()
                    let bee = try #require(model.emojis.first { $0.text == "🐝" })
                    let dog = try #require(model.emojis.first { $0.text == "🐶" })
                    try await first.input.click(at: first.canvas.screenPoint(for: bee.position))
                    try await first.input.click(at: first.canvas.screenPoint(for: dog.position), holding: ["shift"])
                    try await first.input.key("ctrl+c")
                    try await withApp(in: workspace, arguments: [secondFile.path], name: "second") { secondApp in
                        let second = try await OpenDocument.waitForWindow(of: secondFile, in: secondApp)
                        try await second.input.key("ctrl+v")
                        let pasted = try await second.waitForSavedModel("the two emojis arrive") { $0.emojis.count == 2 }
                        #expect(pasted.emojis.map(\.text) == ["🐝", "🐶"])
                        let offset = (
                            pasted.emojis[1].position.x - pasted.emojis[0].position.x,
                            pasted.emojis[1].position.y - pasted.emojis[0].position.y
                        )
                        #expect(offset.0 == dog.position.x - bee.position.x && offset.1 == dog.position.y - bee.position.y)
                        #expect(pasted.emojis.map(\.size) == [bee.size, dog.size])
                    }
                }
            }
        }
    }
}
