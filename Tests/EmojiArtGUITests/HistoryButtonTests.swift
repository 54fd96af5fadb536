import Testing

extension GUITests {
    /// The header bar's undo and redo buttons. Their tooltips ("Undo Delete") cannot be read
    /// under Xvfb without an accessibility bus, so this checks what shows: an insensitive
    /// button's icon is drawn light grey, a sensitive one's almost black.
    @Suite("Undo and redo buttons", .serialized, .ownXvfbDisplay)
    struct HistoryButtonTests {
        @Test("the undo button is insensitive until there is something to undo, then redo is (U2)")
        func buttonsFollowHistory() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let first = try await document.settledScreenshot()
                let (undo, redo) = try #require(document.historyButtons(in: first), "no undo/redo icons in the header bar")
                let isSensitive = { (shot: Screenshot, button: ScreenRect) in shot.darkestLuminance(in: button) < 100 }
                #expect(!isSensitive(first, undo) && !isSensitive(first, redo), "nothing to undo or redo at first")

                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("Delete")
                let edited = try await document.waitForScreenshot("undo turns sensitive") { isSensitive($0, undo) }
                try await edited.archive(as: "history-undo-sensitive")
                #expect(!isSensitive(edited, redo))

                try await document.input.key("ctrl+z")
                let undone = try await document.waitForScreenshot("redo turns sensitive") { isSensitive($0, redo) }
                try await undone.archive(as: "history-redo-sensitive")
                #expect(!isSensitive(undone, undo))
            }
        }
    }
}
