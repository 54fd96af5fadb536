import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// The editor's verbs driven through the real app, results read from the saved file (S5, S7,
    /// S8, U3, U5).
    @Suite("Editing like a desktop editor", .serialized, .ownXvfbDisplay)
    struct EditorVerbTests {
        @Test("Shift+drag on empty canvas selects what the band touches; Delete removes them as one step (S5, S4)")
        func rubberBandSelects() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let bee = try #require(original.emojis.first { $0.text == "🐝" })
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let canvas = document.canvas
                // From empty canvas above the bee's left to below the dog's right.
                let start = canvas.screenPoint(for: DocumentPoint(x: bee.position.x - 30, y: bee.position.y - 30))
                let end = canvas.screenPoint(for: DocumentPoint(x: dog.position.x + 10, y: dog.position.y + 10))
                try await document.input.drag(from: start, to: end, holding: ["shift"])
                try await document.waitForScreenshot("both show the selection mark") { shot in
                    shot.count(in: canvas.screenRect(around: bee), where: \.isAccentBlue) > 50
                        && shot.count(in: canvas.screenRect(around: dog), where: \.isAccentBlue) > 100
                }.archive(as: "editor-rubber-band")
                try await document.input.key("Delete")
                let after = try await document.save()
                #expect(Set(after.emojis.map(\.id)) == Set(original.emojis.map(\.id)).subtracting([bee.id, dog.id]))
                #expect(try document.savedModel().emojis.count == original.emojis.count - 2)
                try await document.input.key("ctrl+z")
                #expect(try await document.save().emojis == original.emojis, "one undo brings both back")
            }
        }

        @Test("keys turn, flip and scale the selection; each is one named step (S8, U2)")
        func transformKeys() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("bracketright", "bracketright", "h", "greater")
                let turned = try #require(try await document.save().emoji(withID: dog.id))
                #expect(turned.rotation == -30, "a mirror reverses the turn")
                #expect(turned.flipped)
                #expect(turned.size == (dog.size * 1.1).rounded())
                #expect(turned.position == dog.position)
                try await document.waitForScreenshot("the turned dog is drawn") { shot in
                    shot.drawnBox(in: document.canvas.screenRect(around: dog, margin: 30)) != nil
                }.archive(as: "editor-dog-turned-flipped")
                try await document.input.key("ctrl+z", "ctrl+z")
                let undone = try #require(try await document.save().emoji(withID: dog.id))
                #expect(undone.rotation == 30 && !undone.flipped && undone.size == dog.size, "Scale and Flip undone, Rotate kept")
            }
        }

        @Test("dragging a corner handle scales the selection about the opposite corner (S8)")
        func cornerHandleScales() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let canvas = document.canvas
                try await document.input.click(at: canvas.screenPoint(for: dog.position))
                // The frame is the emoji's square plus SelectionFrame.padding on screen.
                let half = dog.size / 2
                let corner = canvas.screenPoint(for: DocumentPoint(x: dog.position.x + half, y: dog.position.y + half))
                let handle = corner.offset(dx: Int(SelectionFrame.padding), dy: Int(SelectionFrame.padding))
                try await document.input.drag(from: handle, to: handle.offset(dx: 49, dy: 49), steps: 12)
                let scaled = try #require(try await document.save().emoji(withID: dog.id))
                let frameSide = dog.size + 2 * SelectionFrame.padding
                let expected = dog.size * (frameSide + 49) / frameSide
                #expect(abs(scaled.size - expected) <= 2, "size \(scaled.size), expected about \(expected)")
                #expect(scaled.position.x > dog.position.x && scaled.position.y > dog.position.y, "the top left corner stays")
                #expect(try document.savedModel().emojis.count == original.emojis.count)
            }
        }

        @Test("Home, End, Page Up and Page Down change the drawing order in the file (S7)")
        func stackingKeys() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let sun = try #require(original.emojis.first { $0.text == "☀️" })
                try await document.input.click(at: document.canvas.screenPoint(for: sun.position))
                try await document.input.key("Home")
                #expect(try await document.save().emojis.last?.id == sun.id, "Bring to Front")
                try await document.input.key("End")
                #expect(try await document.save().emojis.first?.id == sun.id, "Send to Back")
                try await document.input.key("ctrl+z")
                #expect(try await document.save().emojis.last?.id == sun.id, "undo puts it back on top")
            }
        }

        @Test("undoing back to the saved state removes the title's “•” and leaves the file alone (U5)")
        func undoToSavedState() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let before = try OpenDocument.fileNumber(of: document.file)
                let bytes = try Data(contentsOf: document.file)
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("bracketright")
                try await document.waitForTitle(document.unsavedTitle)
                try await document.input.key("ctrl+z")
                try await document.waitForTitle(document.savedTitle)
                // Closing saves whatever is unsaved before the window goes, and once the app has
                // ended no pending autosave can write: an unchanged file then proves that no path
                // counted the document as changed, without guessing how long autosave waits.
                try await document.input.key("ctrl+w")
                #expect(try await document.app.waitForExit() == 0)
                #expect(try OpenDocument.fileNumber(of: document.file) == before)
                #expect(try Data(contentsOf: document.file) == bytes)
            }
        }
    }
}
