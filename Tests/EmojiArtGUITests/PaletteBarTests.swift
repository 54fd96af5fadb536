import EmojiArtCore
import Testing

extension GUITests {
    @Suite("Palette bar", .serialized, .ownXvfbDisplay)
    struct PaletteBarTests {
        @Test("clicking a palette emoji adds it at the centre of the view at the default size 40 (P1)")
        func paletteClickAddsAtCenter() async throws {
            // The button is found and clicked through AT-SPI by its name, as a screen reader
            // finds it, not by where its glyph is drawn.
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let original = try document.savedModel()
                let first = try #require(DefaultPalettes.all[0].uniqueEmojis.first)
                let name = EmojiSearch.shared.spokenName(of: first)
                let button = try await AccessibleTree.waitFor("the palette strip is published, named", in: document.app, on: bus) {
                    $0.first(role: "push button", name: name)
                }
                #expect(button.description == "Add \(name)")
                try await AccessibleTree.perform("click", role: "push button", name: name, in: document.app, on: bus)

                let saved = try await document.save()
                #expect(saved.emojis.count == original.emojis.count + 1)
                let added = try #require(saved.emojis.last)
                #expect(added.id == original.uniqueEmojiId + 1)
                #expect(added.text == DefaultPalettes.all[0].uniqueEmojis.first, "the Faces palette's first emoji")
                #expect(added.size == 40)
                #expect(abs(added.position.x) <= 1 && abs(added.position.y) <= 1, "added at \(added.position)")
                let shot = try await document.waitForScreenshot("the new emoji shows at the centre") { shot in
                    shot.drawnBox(in: document.canvas.screenRect(around: added, margin: 0)) != nil
                }
                try await shot.archive(as: "palette-click-added")
                _ = try await document.waitForScreenshot("the new emoji is selected") { shot in
                    shot.count(in: document.canvas.screenRect(around: added, margin: 14)) { $0.isAccentBlue } > 20
                }
            }
        }

        @Test("every emoji of the palette gets its button, the last one too, and it adds its emoji (P1)")
        func wholePaletteInStrip() async throws {
            // The strip scrolls: a button far past the window's edge is there for a screen
            // reader and works like the first.
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let original = try document.savedModel()
                let emojis = DefaultPalettes.all[0].uniqueEmojis
                let last = try #require(emojis.last)
                #expect(emojis.count > 30, "the Faces palette is longer than a window of the default width shows")
                let names = emojis.map { EmojiSearch.shared.spokenName(of: $0) }
                _ = try await AccessibleTree.waitFor("all \(emojis.count) palette buttons are published", in: document.app, on: bus) {
                    tree in
                    Set(tree.names(ofRole: "push button")).isSuperset(of: names) ? true : nil
                }
                try await AccessibleTree.perform(
                    "click", role: "push button", name: EmojiSearch.shared.spokenName(of: last), in: document.app, on: bus)
                let saved = try await document.save()
                #expect(saved.emojis.count == original.emojis.count + 1)
                #expect(saved.emojis.last?.text == last)
            }
        }

        @Test("hovering a palette emoji shows its tooltip below the pointer (P1)")
        func paletteEmojiTooltip() async throws {
            // The strip's tooltips are handed to GTK on request (`setTooltip`), not set up front.
            try await withExampleDocument("sunny-meadow", accessible: true) { document in
                let button = try await document.firstPaletteEmojiButton()
                let before = try await document.settledScreenshot()
                try await document.input.move(to: button)
                // Below the button, whose own hover highlight changes too.
                let below = ScreenRect(minX: button.x - 60, minY: button.y + 26, maxX: button.x + 60, maxY: button.y + 80)
                let shot = try await document.waitForScreenshot("a tooltip shows below the pointer") { shot in
                    var changed = 0
                    for y in below.minY..<below.maxY {
                        for x in below.minX..<below.maxX where shot[x, y] != before[x, y] { changed += 1 }
                    }
                    return changed > 300
                }
                try await shot.archive(as: "palette-emoji-tooltip")
            }
        }
    }
}
