import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// Arranging like a design tool (R1–R4), driven through the real app and read from the saved file.
    @Suite("Arranging emojis", .serialized, .ownXvfbDisplay)
    struct ArrangeTests {
        /// Selects the bee and the dog of sunny-meadow (a click, a Shift+click); returns them and
        /// the document as it was.
        static func selectBeeAndDog(in document: OpenDocument) async throws -> (EmojiArtModel, Emoji, Emoji) {
            let original = try document.savedModel()
            let bee = try #require(original.emojis.first { $0.text == "🐝" })
            let dog = try #require(original.emojis.first { $0.text == "🐶" })
            try await document.input.click(at: document.canvas.screenPoint(for: bee.position))
            try await document.input.click(at: document.canvas.screenPoint(for: dog.position), holding: ["shift"])
            return (original, bee, dog)
        }

        @Test("a dragged emoji snaps to another's centre line; holding Alt it lands where the pointer puts it (R1)")
        func snapAndAlt() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let bee = try #require(original.emojis.first { $0.text == "🐝" })
                let sun = try #require(original.emojis.first { $0.text == "☀️" })
                // 4 pt right of the sun's centre line, within the 6 px reach at zoom 1 (and no
                // other line that near).
                let offset = (dx: Int(sun.position.x - bee.position.x) + 4, dy: -100)
                let start = document.canvas.screenPoint(for: bee.position)
                try await document.input.drag(from: start, to: start.offset(dx: offset.dx, dy: offset.dy), steps: 12)
                let snapped = try #require(try await document.save().emoji(withID: bee.id))
                #expect(snapped.position.x == sun.position.x, "snapped to the sun's centre line: \(snapped.position)")

                try await document.input.key("ctrl+z")
                try await document.input.drag(
                    from: start, to: start.offset(dx: offset.dx, dy: offset.dy), steps: 12, holding: ["alt"])
                let free = try #require(try await document.save().emoji(withID: bee.id))
                #expect(free.position.x != sun.position.x, "Alt: no snapping")
                #expect(abs(free.position.x - (bee.position.x + Double(offset.dx))) <= 2, "moved to \(free.position)")
            }
        }

        @Test("Ctrl+Shift+Left aligns the selection's left edges, Ctrl+Alt+H spaces three evenly; each is one undo step (R2)")
        func alignAndDistribute() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let (original, bee, dog) = try await Self.selectBeeAndDog(in: document)
                let canvas = document.canvas
                try await document.input.key("ctrl+shift+Left")
                let aligned = try await document.save()
                let leftEdge = bee.position.x - bee.size / 2
                #expect(aligned.emoji(withID: bee.id)?.position == bee.position)
                #expect(aligned.emoji(withID: dog.id)?.position == DocumentPoint(x: leftEdge + dog.size / 2, y: dog.position.y))
                try await document.input.key("ctrl+z")
                #expect(try await document.save().emojis == original.emojis, "one step")

                let flowers = original.emojis.filter { [5, 6, 7].contains($0.id) }
                try await document.input.click(at: canvas.screenPoint(for: DocumentPoint(x: 0, y: -260)))  // clears
                for (index, flower) in flowers.enumerated() {
                    try await document.input.click(at: canvas.screenPoint(for: flower.position), holding: index == 0 ? [] : ["shift"])
                }
                try await document.input.key("ctrl+alt+h")
                let spaced = try await document.save()
                // Frames −110…−70 and −2…42 stay; the 36-pt daisy goes where both gaps are 16 pt.
                #expect(spaced.emoji(withID: 6)?.position == DocumentPoint(x: -36, y: 170))
                #expect(spaced.emoji(withID: 5)?.position == flowers[0].position)
                #expect(spaced.emoji(withID: 7)?.position == flowers[2].position)
            }
        }

        @Test(
            "each Align key lands the two frames where R2 says, as one step named as its menu item",
            arguments: [
                ("ctrl+shift+Left", Alignment.left), ("alt+h", .center), ("ctrl+shift+Right", .right),
                ("ctrl+shift+Up", .top), ("alt+v", .middle), ("ctrl+shift+Down", .bottom),
            ])
        func alignKeys(key: String, alignment: Alignment) async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let (original, bee, dog) = try await Self.selectBeeAndDog(in: document)
                try await document.input.key(key)
                let aligned = try await document.save()
                let frames = try [bee, dog].map { try #require(aligned.emoji(withID: $0.id)).boundingBox }
                let union = frames[0].union(frames[1])
                let edges: [Double] =
                    switch alignment {
                    case .left: frames.map(\.minX) + [union.minX]
                    case .center: frames.map(\.center.x)
                    case .right: frames.map(\.maxX) + [union.maxX]
                    case .top: frames.map(\.minY) + [union.minY]
                    case .middle: frames.map(\.center.y)
                    case .bottom: frames.map(\.maxY) + [union.maxY]
                    }
                #expect(Set(edges).count == 1, "\(alignment): \(frames)")
                try await document.input.key("ctrl+z")
                #expect(try await document.save().emojis == original.emojis, "one step")
            }
        }

        @Test("Ctrl+G groups: a click on one member then drags the whole group; Ctrl+Shift+G ends it (R3)")
        func groupAndUngroup() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let (_, bee, dog) = try await Self.selectBeeAndDog(in: document)
                let canvas = document.canvas
                try await document.input.key("ctrl+g")
                let grouped = try await document.save()
                let group = try #require(grouped.emoji(withID: bee.id)?.group)
                #expect(grouped.emoji(withID: dog.id)?.group == group)

                try await document.input.click(at: canvas.screenPoint(for: DocumentPoint(x: 0, y: -260)))  // clears
                let start = canvas.screenPoint(for: bee.position)
                try await document.input.drag(from: start, to: start.offset(dx: 40, dy: 30), holding: ["alt"])
                let moved = try await document.save()
                for emoji in [bee, dog] {
                    let after = try #require(moved.emoji(withID: emoji.id))
                    #expect(
                        abs(after.position.x - (emoji.position.x + 40)) <= 2 && abs(after.position.y - (emoji.position.y + 30)) <= 2,
                        "\(emoji.text) moved with its group: \(after.position)")
                }

                try await document.input.key("ctrl+shift+g")
                let ungrouped = try await document.save()
                #expect(ungrouped.emojis.allSatisfy { $0.group == nil })
                try await document.input.click(at: canvas.screenPoint(for: DocumentPoint(x: 0, y: -260)))
                let beeNow = try #require(ungrouped.emoji(withID: bee.id))
                let from = canvas.screenPoint(for: beeNow.position)
                try await document.input.drag(from: from, to: from.offset(dx: 0, dy: 40), holding: ["alt"])
                let alone = try await document.save()
                #expect(alone.emoji(withID: dog.id)?.position == ungrouped.emoji(withID: dog.id)?.position, "the dog stays")
            }
        }

        @Test("a locked emoji ignores clicks, the rubber band and Tab, still draws, and comes back with Unlock All (R4)")
        func lockAndUnlockAll() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let canvas = document.canvas
                let sun = try #require(original.emojis.first { $0.text == "☀️" })
                try await document.input.click(at: canvas.screenPoint(for: sun.position))
                try await document.input.key("ctrl+l")
                #expect(try await document.save().emoji(withID: sun.id)?.locked == true)
                // The pointer over it shows a lock badge at its top-right corner.
                try await document.input.move(to: canvas.screenPoint(for: sun.position).offset(dx: 3, dy: 3))
                let badgeCentre = canvas.screenPoint(for: DocumentPoint(x: sun.frame.maxX, y: sun.frame.minY))
                let badged = try await document.waitForScreenshot("a lock badge shows on the hovered sun") { shot in
                    let disc = shot[badgeCentre.offset(dx: 0, dy: -6)]
                    return max(disc.red, disc.green, disc.blue) < 90
                }
                try await badged.archive(as: "arrange-lock-badge")

                // A click and a rubber band over the sun select nothing: Delete then removes nothing.
                try await document.input.click(at: canvas.screenPoint(for: sun.position))
                try await document.input.key("Delete")
                let corner = canvas.screenPoint(for: DocumentPoint(x: sun.position.x - 70, y: sun.position.y - 70))
                try await document.input.drag(from: corner, to: corner.offset(dx: 140, dy: 140), holding: ["shift"])
                try await document.input.key("Delete")
                let drawn = try await document.waitForScreenshot("the locked sun is still drawn") {
                    $0.drawnBox(in: canvas.screenRect(around: sun, margin: 0)) != nil
                }
                try await drawn.archive(as: "arrange-locked-sun")

                // Tab passes over it: the first emoji it selects is the first cloud.
                try await document.input.key("Tab")
                try await document.input.key("Delete")
                let afterTab = try await document.save()
                #expect(afterTab.emoji(withID: sun.id) != nil)
                #expect(afterTab.emoji(withID: 2) == nil, "Tab selected the cloud after the sun")
                #expect(afterTab.emojis.count == original.emojis.count - 1, "the click and the band selected nothing to delete")

                try await document.input.key("ctrl+shift+l")
                #expect(try await document.save().emoji(withID: sun.id)?.locked == false)
                try await document.input.click(at: canvas.screenPoint(for: sun.position))
                try await document.input.key("Delete")
                #expect(try await document.save().emoji(withID: sun.id) == nil, "unlocked: selectable again")
            }
        }
    }
}
