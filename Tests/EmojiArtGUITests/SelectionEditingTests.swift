import EmojiArtCore
import Testing

extension GUITests {
    @Suite("Selecting and editing emojis", .serialized, .ownXvfbDisplay)
    struct SelectionEditingTests {
        @Test("click selects an emoji, Delete removes it, Ctrl+Z brings it back and Ctrl+Shift+Z removes it again (S1, S4, U1)")
        func deleteUndoRedo() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let dogRegion = document.canvas.screenRect(around: dog)
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                let selected = try await document.waitForScreenshot("the dog shows the selection mark") {
                    $0.count(in: dogRegion, where: \.isAccentBlue) > 100
                }
                try await selected.archive(as: "selection-dog-selected")

                try await document.input.key("Delete")
                let deleted = try await document.save()
                #expect(deleted.emojis.count == original.emojis.count - 1)
                #expect(deleted.emoji(withID: dog.id) == nil)
                let gone = try await document.waitForScreenshot("the dog is no longer drawn") { $0.drawnBox(in: dogRegion) == nil }
                try await gone.archive(as: "selection-dog-deleted")

                try await document.input.key("ctrl+z")
                let restored = try await document.save()
                #expect(restored.emojis == original.emojis)

                try await document.input.key("ctrl+shift+z")
                #expect(try await document.save().emojis == deleted.emojis)
            }
        }

        @Test("Shift-click adds a second emoji to the selection; dragging one of them moves both (S1, S2)")
        func shiftClickAndDragBoth() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let bee = try #require(original.emojis.first { $0.text == "🐝" })
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let canvas = document.canvas
                try await document.input.click(at: canvas.screenPoint(for: bee.position))
                try await document.input.click(at: canvas.screenPoint(for: dog.position), holding: ["shift"])
                let bothSelected = try await document.waitForScreenshot("both show the selection mark") { shot in
                    shot.count(in: canvas.screenRect(around: bee), where: \.isAccentBlue) > 50
                        && shot.count(in: canvas.screenRect(around: dog), where: \.isAccentBlue) > 100
                }
                try await bothSelected.archive(as: "selection-bee-and-dog")

                let start = canvas.screenPoint(for: dog.position)
                // Alt: the move is exactly the pointer's, without snapping to lines on the way (R1).
                try await document.input.drag(from: start, to: start.offset(dx: 80, dy: -60), holding: ["alt"])
                let moved = try await document.save()
                for emoji in [bee, dog] {
                    let after = try #require(moved.emoji(withID: emoji.id))
                    #expect(abs(after.position.x - (emoji.position.x + 80)) <= 3, "\(emoji.text): \(after.position)")
                    #expect(abs(after.position.y - (emoji.position.y - 60)) <= 3, "\(emoji.text): \(after.position)")
                }
                let others = original.emojis.filter { ![bee.id, dog.id].contains($0.id) }
                #expect(moved.emojis.filter { ![bee.id, dog.id].contains($0.id) } == others)
            }
        }

        @Test("dragging an unselected emoji moves it by the drag distance, and one Ctrl+Z undoes the whole drag (S2, U3)")
        func dragMoveIsOneUndoStep() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let start = document.canvas.screenPoint(for: dog.position)
                try await document.input.drag(from: start, to: start.offset(dx: 100, dy: 50), steps: 12)
                let moved = try #require(try await document.save().emoji(withID: dog.id))
                #expect(abs(moved.position.x - (dog.position.x + 100)) <= 3, "moved to \(moved.position)")
                #expect(abs(moved.position.y - (dog.position.y + 50)) <= 3, "moved to \(moved.position)")
                #expect(moved.size == dog.size)

                try await document.input.key("ctrl+z")
                #expect(try await document.save().emojis == original.emojis, "one undo restores the position exactly")
            }
        }

        @Test("Ctrl+scroll over a selected emoji resizes it by 1.1 per notch and leaves the view alone (S3)")
        func controlScrollResizesSelection() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let sun = try #require(original.emojis.first { $0.text == "☀️" })
                let center = document.canvas.screenPoint(for: dog.position)
                try await document.input.click(at: center)
                let before = try await document.settledScreenshot()

                try await document.input.controlScroll(at: center, notches: 2)
                let resized = try #require(try await document.save().emoji(withID: dog.id))
                #expect(abs(resized.size - dog.size * 1.1 * 1.1) <= 1, "size \(resized.size)")
                #expect(resized.position == dog.position)

                // The view did not zoom: the sun, not selected, is drawn exactly as before.
                let after = try await document.settledScreenshot()
                try await after.archive(as: "selection-dog-resized")
                let sunRegion = document.canvas.screenRect(around: sun)
                #expect(after.matches(before, in: sunRegion))
                #expect(!after.matches(before, in: document.canvas.screenRect(around: resized)))
            }
        }

        @Test("Ctrl+A selects everything; arrows nudge it by 1 point and by 10 with Shift (S5)")
        func keyboardNudge() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                // A click on empty canvas gives the canvas the keyboard focus.
                try await document.input.click(at: document.canvas.screenPoint(for: DocumentPoint(x: 0, y: -60)))
                try await document.input.key("ctrl+a", "Right", "shift+Down")
                let nudged = try await document.save()
                #expect(nudged.emojis.count == original.emojis.count)
                for emoji in original.emojis {
                    let after = try #require(nudged.emoji(withID: emoji.id))
                    #expect(after.position == DocumentPoint(x: emoji.position.x + 1, y: emoji.position.y + 10))
                }
            }
        }
    }
}
