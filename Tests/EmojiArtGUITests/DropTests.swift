import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// Real X11 drops from a second GTK program (DESIGN joint 6).
    @Suite("Dropping on the canvas", .serialized, .ownXvfbDisplay)
    struct DropTests {
        @Test("dropping an emoji adds it at the drop point at size 40 (D1)")
        func dropEmoji() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let helper = try await DragSourceHelper.launch(offering: .text("🐸"), for: document.app)
                defer { helper.stop() }
                let target = document.canvas.screenPoint(for: DocumentPoint(x: -40, y: -80))
                try await helper.drop(on: document, at: target)
                try await document.waitForTitle(document.unsavedTitle)

                let saved = try await document.save()
                #expect(saved.emojis.count == original.emojis.count + 1)
                let frog = try #require(saved.emojis.last)
                #expect(frog.text == "🐸")
                #expect(frog.size == 40)
                let expected = document.canvas.documentPoint(for: target)
                #expect(
                    abs(frog.position.x - expected.x) <= 2 && abs(frog.position.y - expected.y) <= 2,
                    "dropped at \(frog.position), expected \(expected)")
                let shot = try await document.waitForScreenshot("the frog shows") {
                    $0.drawnBox(in: document.canvas.screenRect(around: frog, margin: 0)) != nil
                }
                try await shot.archive(as: "drop-emoji")
            }
        }

        @Test("dropping a PNG file embeds its bytes as the background and shows it (D2, D3)")
        func dropImageFile() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let image = document.app.workspace.root.appendingPathComponent("red.png")
                try await ExternalCommand.runChecked("convert", ["-size", "200x100", "xc:red", image.path])
                let helper = try await DragSourceHelper.launch(offering: .file(image), for: document.app)
                defer { helper.stop() }
                let target = document.canvas.screenPoint(for: DocumentPoint(x: 0, y: -60))
                try await helper.drop(on: document, at: target)
                try await document.waitForTitle(document.unsavedTitle)

                let saved = try await document.save()
                #expect(saved.background.imageData == (try Data(contentsOf: image)), "a small PNG is embedded as it is")
                #expect(saved.emojis == original.emojis)
                // The new background is fitted to the view (B5): red fills the middle of the canvas.
                let center = document.canvas.frame.center
                let shot = try await document.waitForScreenshot("the canvas shows the red image") { shot in
                    shot[center].isClose(to: RGB(red: 255, green: 0, blue: 0), tolerance: 8)
                }
                try await shot.archive(as: "drop-image")

                // Setting the background is one undoable step (U1).
                try await document.input.key("ctrl+z")
                #expect(try await document.save().background == .blank)
            }
        }

        @Test("a dropped PNG file cut off after 3,000 bytes is refused with a message; the background stays as it was (D3, B4)")
        func dropCutImageFile() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let whole = document.app.workspace.root.appendingPathComponent("noise.png")
                try await ExternalCommand.runChecked("convert", ["-size", "300x200", "xc:", "+noise", "Random", whole.path])
                let cut = document.app.workspace.root.appendingPathComponent("cut.png")
                try Data(try Data(contentsOf: whole).prefix(3_000)).write(to: cut)
                let before = try await document.settledScreenshot()

                let helper = try await DragSourceHelper.launch(offering: .file(cut), for: document.app)
                defer { helper.stop() }
                try await helper.drop(on: document, at: document.canvas.screenPoint(for: DocumentPoint(x: 0, y: 0)))
                let refused = try await document.waitForScreenshot("the refusal shows") { document.toastBand(in: $0) != nil }
                try await refused.archive(as: "drop-cut-image")

                #expect(try await document.title() == document.savedTitle, "nothing changed, so nothing is unsaved")
                #expect(try document.savedModel().background == original.background, "the old background is kept")
                let toast = try #require(document.toastBand(in: refused))
                let canvas = document.canvas.frame
                let aboveMessage = ScreenRect(minX: canvas.minX, minY: canvas.minY, maxX: canvas.maxX, maxY: toast.minY - 4)
                #expect(before.matches(refused, in: aboveMessage), "the canvas shows the old background, no grey picture")
            }
        }

        @Test("a drop offering image pixels and a link as text sets the link, not the pixels (D4)")
        func dropImageWithLink() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let image = document.app.workspace.root.appendingPathComponent("blue.png")
                try await ExternalCommand.runChecked("convert", ["-size", "60x40", "xc:blue", image.path])
                let link = "https://images.example.invalid/cat.png"
                let helper = try await DragSourceHelper.launch(offering: .imageAndText(image, link), for: document.app)
                defer { helper.stop() }
                try await helper.drop(on: document, at: document.canvas.screenPoint(for: DocumentPoint(x: 0, y: -60)))
                try await document.waitForTitle(document.unsavedTitle)
                #expect(try await document.save().background == .url(URL(string: link)!))
            }
        }

        @Test("an emoji dropped on a zoomed and panned view lands under the pointer at 40 px on screen (G4, D1)")
        func dropOnZoomedAndPannedView() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let canvas = document.canvas
                // Ctrl+= zooms by 1.1 around the view centre, so the pan stays zero; the drag then
                // pans by exactly its length (both checked by the view-gesture tests).
                try await document.input.key("ctrl+equal")
                let start = canvas.screenPoint(for: DocumentPoint(x: 0, y: -60))
                try await document.input.drag(from: start, to: start.offset(dx: -150, dy: 90))
                let zoom = 1.1
                let pan = (x: -150.0, y: 90.0)

                let helper = try await DragSourceHelper.launch(offering: .text("🐸"), for: document.app)
                defer { helper.stop() }
                let target = canvas.screenPoint(for: DocumentPoint(x: 100, y: -100))
                try await helper.drop(on: document, at: target)
                try await document.waitForTitle(document.unsavedTitle)

                let frog = try #require(try await document.save().emojis.last)
                #expect(frog.text == "🐸")
                let expected = DocumentPoint(
                    x: (Double(target.x) - canvas.centerX - pan.x) / zoom, y: (Double(target.y) - canvas.centerY - pan.y) / zoom)
                #expect(
                    abs(frog.position.x - expected.x) <= 2 && abs(frog.position.y - expected.y) <= 2,
                    "dropped at \(frog.position), expected \(expected)")
                // Sizes are written rounded: 40 / 1.1 = 36.4.
                #expect(frog.size == (40 / zoom).rounded())
            }
        }

        @Test("a dropped image is fitted to the view even when the user had panned before dropping it (B5)")
        func droppedImageIsFittedAfterEarlierPan() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let canvas = document.canvas
                let start = canvas.screenPoint(for: DocumentPoint(x: 0, y: -60))
                try await document.input.drag(from: start, to: start.offset(dx: 300, dy: 200))

                let image = document.app.workspace.root.appendingPathComponent("red.png")
                try await ExternalCommand.runChecked("convert", ["-size", "200x100", "xc:red", image.path])
                let helper = try await DragSourceHelper.launch(offering: .file(image), for: document.app)
                defer { helper.stop() }
                try await helper.drop(on: document, at: canvas.screenPoint(for: DocumentPoint(x: 0, y: -60)))
                try await document.waitForTitle(document.unsavedTitle)

                // The image decodes off the main thread; once the window has settled the view
                // either was fitted to it or was not.
                let shot = try await document.settledScreenshot()
                try await shot.archive(as: "drop-image-after-pan")
                let colour = shot[canvas.frame.center]
                #expect(colour.isClose(to: RGB(red: 255, green: 0, blue: 0), tolerance: 8), "the canvas centre is \(colour)")
            }
        }

        @Test("dropping an .emojiart file opens it in a window of its own (D2)")
        func dropDocumentOpensWindow() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let other = try document.app.workspace.copyExample("embedded-hill", as: "dropped-hill")
                let helper = try await DragSourceHelper.launch(offering: .file(other), for: document.app)
                defer { helper.stop() }
                try await helper.drop(on: document, at: document.canvas.screenPoint(for: DocumentPoint(x: 0, y: -60)))

                _ = try await document.app.waitForWindow(titled: "dropped-hill — EmojiArt")
                #expect(try await document.app.visibleWindows().count == 2)
                #expect(try await document.title() == document.savedTitle, "the first document is unchanged")
            }
        }
    }
}
