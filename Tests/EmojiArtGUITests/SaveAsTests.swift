import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Save As (SPEC W5): typing "art" saves "art.emojiart"; when that file exists, the app asks
    /// before replacing it, because GTK's own question was about "art".
    @Suite("Save As", .serialized, .ownXvfbDisplay)
    struct SaveAsTests {
        /// Opens Save As with Ctrl+Shift+S and types `path` into GTK's name field (a full path
        /// moves the chooser to its folder), then Return.
        private func saveAs(_ document: OpenDocument, typing path: String) async throws {
            try await document.input.key("ctrl+shift+s")
            let chooser = try await document.app.waitForWindow(titled: "Save Document")
            let input = XInput(server: document.app.server, window: chooser)
            try await input.key("ctrl+a")
            try await input.xdotool(["type", "--delay", "20", path])
            try await input.key("Return")
        }

        @Test("typing a name without “.emojiart” asks before replacing the file with the extension; Cancel keeps it")
        func asksBeforeReplacing() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let existing = try document.app.workspace.writeDocument(
                    named: "art.emojiart", contents: #"{"emojis":[{"text":"🐱","x":0,"y":0,"size":40,"id":1}],"uniqueEmojiId":1}"#)
                let before = try Data(contentsOf: existing)
                let typed = existing.deletingPathExtension().path

                try await saveAs(document, typing: typed)
                let question = try await document.app.waitForWindow(titled: "Replace “art.emojiart”?")
                try await XInput(server: document.app.server, window: question).key("Escape")
                try await waitFor("the question is gone") {
                    try await document.app.visibleWindows().count == 1 ? true : nil
                }
                #expect(try Data(contentsOf: existing) == before, "Cancel must leave the file as it was")
                #expect(try await document.title() == OpenDocument.title(for: document.file))

                // A name with no file behind it saves without a question.
                let fresh = document.app.workspace.documents.appendingPathComponent("fresh.emojiart")
                try await saveAs(document, typing: fresh.deletingPathExtension().path)
                let saved = try await waitFor("fresh.emojiart is written") {
                    try? DocumentFile.read(from: fresh)
                }
                #expect(saved.emojis.count == (try document.savedModel()).emojis.count)
                #expect(try Data(contentsOf: existing) == before)
            }
        }
    }
}
