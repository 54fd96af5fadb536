import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    @Suite("Document windows", .serialized, .ownXvfbDisplay)
    struct WindowTests {
        @Test("a document opens in a window titled “NAME — EmojiArt” with each emoji drawn where it belongs (W5, M1, M3)")
        func opensWithTitleAndEmojis() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                #expect(try await document.title() == "sunny-meadow — EmojiArt")
                let example = TestWorkspace.packageRoot.appendingPathComponent("examples/sunny-meadow.emojiart")
                #expect(try Data(contentsOf: document.file) == Data(contentsOf: example), "opening never rewrites the file (W2)")
                #expect(document.windowFrame == ScreenRect(x: 0, y: 0, width: 960, height: 720))
                let shot = try await document.settledScreenshot()
                try await shot.archive(as: "window-opened")
                for emoji in try document.savedModel().emojis {
                    // Each glyph lies inside its square (side = size, centred on x, y at zoom 1),
                    // nearly as tall or wide as the square, and centred in it.
                    let square = document.canvas.screenRect(around: emoji, margin: 0)
                    let glyph = try #require(shot.drawnBox(in: square), "\(emoji.text) is not drawn in \(square)")
                    #expect(Double(max(glyph.width, glyph.height)) >= 0.7 * emoji.size, "\(emoji.text): \(glyph) in \(square)")
                    #expect(abs(glyph.midX - square.midX) <= 0.2 * emoji.size, "\(emoji.text): \(glyph) in \(square)")
                    #expect(abs(glyph.midY - square.midY) <= 0.2 * emoji.size, "\(emoji.text): \(glyph) in \(square)")
                }
            }
        }

        @Test("the title gains “•” after an edit and loses it after Ctrl+S (W5)")
        func unsavedMark() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                #expect(try await document.title() == document.savedTitle)
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("Delete")
                try await document.waitForTitle(document.unsavedTitle)
                _ = try await document.save()
                try await document.waitForTitle(document.savedTitle)
            }
        }

        @Test("Ctrl+W closes the window, and the app ends with its last window (W1)")
        func controlWClosesWindow() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                try await document.input.key("ctrl+w")
                #expect(try await document.app.waitForExit() == 0)
            }
        }

        @Test("a file that is not a document shows an error dialog; the app keeps running until it is closed (M4)")
        func corruptFileShowsDialog() async throws {
            let corrupt = #"{"emojis": ["#
            var file: URL?
            try await withApp({ workspace in
                file = try workspace.writeDocument(named: "corrupt.emojiart", contents: corrupt)
                return [file!.path]
            }) { app in
                let dialog = try await app.waitForWindow(titled: "Couldn’t Open Document")
                try await Screenshot.capture(on: app.server).archive(as: "corrupt-file-dialog")
                #expect(app.isRunning)
                #expect(try String(contentsOf: try #require(file), encoding: .utf8) == corrupt, "the app must not rewrite it")
                // Escape answers the dialog; with no window left, the application ends normally.
                try await XInput(server: app.server, window: dialog).key("Escape")
                #expect(try await app.waitForExit() == 0)
            }
        }

        @Test("a corrupt file next to a good one: the good one still opens, beside the error dialog (W3)")
        func corruptFileBesideGoodOne() async throws {
            var good: URL?
            try await withApp({ workspace in
                good = try workspace.copyExample("sunny-meadow")
                let bad = try workspace.writeDocument(named: "notes.emojiart", contents: "not JSON at all")
                return [good!.path, bad.path]
            }) { app in
                let document = try await OpenDocument.waitForWindow(of: try #require(good), in: app)
                _ = try await app.waitForWindow(titled: "Couldn’t Open Document")
                #expect(try await app.visibleWindows().count == 2)
                #expect(try await document.title() == "sunny-meadow — EmojiArt")
            }
        }

        @Test("two bad files beside a good one: one dialog names both, over the good one's window (M4, W3)")
        func badFilesShareOneParentedDialog() async throws {
            var good: URL?
            try await withApp({ workspace in
                good = try workspace.copyExample("sunny-meadow")
                let notes = try workspace.writeDocument(named: "notes.emojiart", contents: "not JSON at all")
                let cut = try workspace.writeDocument(named: "cut.emojiart", contents: #"{"emojis": ["#)
                return [good!.path, notes.path, cut.path]
            }) { app in
                let document = try await OpenDocument.waitForWindow(of: try #require(good), in: app)
                let dialog = try await app.waitForWindow(titled: "Couldn’t Open Some Documents")
                #expect(try await app.visibleWindows().count == 2, "one dialog for both files")
                let transient = try await ExternalCommand.runChecked(
                    "xprop", ["-id", dialog, "WM_TRANSIENT_FOR"], extraEnvironment: app.server.environment
                ).text
                let parent = transient.split(separator: "#").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                #expect(parent.flatMap { UInt($0.dropFirst(2), radix: 16) } == UInt(document.window), "\(transient)")
                try await Screenshot.capture(on: app.server).archive(as: "bad-files-dialog")
            }
        }
    }
}
