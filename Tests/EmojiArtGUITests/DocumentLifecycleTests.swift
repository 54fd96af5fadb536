import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// A document's life on disk (SPEC W1, W2, W4, W5): autosave, a crash and the relaunch after
    /// it, drafts of untitled documents, new windows and quitting. Checked through the files the
    /// app writes, window titles and screenshots.
    @Suite("Document lifecycle", .serialized, .ownXvfbDisplay)
    struct DocumentLifecycleTests {
        /// An empty spot of sunny-meadow at zoom 1 and at zoom 1.21, away from every emoji.
        static let emptySpot = DocumentPoint(x: 0, y: -60)

        @Test("an edit reaches the file about 1 s later without Ctrl+S, and the title loses its “•” (W2, W5)")
        func autosavesAfterEdit() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let before = try OpenDocument.fileNumber(of: document.file)
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                try await document.input.key("Delete")
                let edited = ContinuousClock.now

                var sawUnsavedMark = false
                try await waitUntil("autosave rewrites \(document.file.lastPathComponent)", timeout: .seconds(10)) {
                    try document.app.requireRunning()
                    if try await document.title() == document.unsavedTitle { sawUnsavedMark = true }
                    return (try? OpenDocument.fileNumber(of: document.file)) != before
                }
                let delay = ContinuousClock.now - edited
                #expect(sawUnsavedMark, "the title shows “•” until the change is saved")
                // The save waits for a quiet second; a save at once would write every keystroke.
                #expect(delay >= .milliseconds(500), "saved \(delay) after the edit")
                let saved = try document.savedModel()
                #expect(saved.emojis.count == original.emojis.count - 1)
                #expect(!saved.emojis.contains { $0.text == "🐶" })
                try await document.waitForTitle(document.savedTitle)
            }
        }

        @Test("steady editing still reaches the file within about 5 s of the first change (W2)")
        func autosavesDuringSteadyEditing() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                let before = try OpenDocument.fileNumber(of: document.file)
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                // 32 nudges of 1 pt, one every 250 ms: each change restarts the 1 s debounce,
                // so only the 5 s cap can save while they go on.
                let presses = 32
                async let nudging: Void = document.input.xdotool(["key", "--delay", "250"] + Array(repeating: "Right", count: presses))
                try await waitUntil("autosave rewrites the file while the nudges go on", timeout: .seconds(12)) {
                    try document.app.requireRunning()
                    return (try? OpenDocument.fileNumber(of: document.file)) != before
                }
                let midway = try #require(try document.savedModel().emojis.first { $0.id == dog.id })
                try await nudging
                let moved = midway.position.x - dog.position.x
                #expect(moved >= 1 && moved < Double(presses), "the first save held the dog \(moved) pt along")

                let final = try await document.waitForSavedModel("has every nudge") { model in
                    model.emojis.first { $0.id == dog.id }?.position.x == dog.position.x + Double(presses)
                }
                #expect(final.emojis.count == 10)
            }
        }

        @Test("after kill -9 the relaunched document has the edit, and its window the zoom and pan it had (W2, W4)")
        func crashKeepsEditAndView() async throws {
            try await withWorkspace { workspace in
                let file = try workspace.copyExample("sunny-meadow")
                var beforeCrash: (content: ScreenRect, smiley: ScreenRect)?
                try await withApp(in: workspace, arguments: [file.path], name: "before-crash", accessible: true) { app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    try await document.input.click(at: try await document.firstPaletteEmojiButton())
                    // Zoom 1.21 around the view centre (pan stays 0), then pan by the drag, which
                    // starts beside the rotate handle of the added emoji (it is selected once added).
                    try await document.input.key("ctrl+equal", "ctrl+equal")
                    let start = document.canvas.screenPoint(for: Self.emptySpot).offset(dx: 40, dy: 0)
                    try await document.input.drag(from: start, to: start.offset(dx: 120, dy: -80))

                    _ = try await document.waitForSavedModel("has the added emoji") { $0.emojis.count == 11 }
                    let state = try await workspace.waitForWindowState(of: file, "has the zoom and pan") { state in
                        abs(state.zoom - 1.21) < 0.001 && abs(state.panX - 120) < 0.5 && abs(state.panY + 80) < 0.5
                    }
                    #expect(state.windowWidth == 960 && state.windowHeight == 720)
                    let shot = try await document.settledScreenshot()
                    try await shot.archive(as: "lifecycle-before-crash")
                    beforeCrash = (
                        try #require(shot.drawnBox(in: document.canvas.frame.insetBy(8))),
                        try #require(shot.drawnBox(in: Self.smileyRegion(in: document.canvas)))
                    )
                    try await app.crash()
                }

                let before = try #require(beforeCrash)
                try await withApp(in: workspace, arguments: [file.path], name: "after-crash") { app in
                    let document = try await OpenDocument.waitForWindow(of: file, in: app)
                    let model = try document.savedModel()
                    #expect(model.emojis.count == 11)
                    let smiley = try #require(model.emojis.last)
                    #expect(smiley.text == DefaultPalettes.all[0].uniqueEmojis.first && smiley.position == DocumentPoint(x: 0, y: 0))

                    let shot = try await document.settledScreenshot()
                    try await shot.archive(as: "lifecycle-after-relaunch")
                    let content = try #require(shot.drawnBox(in: document.canvas.frame.insetBy(8)))
                    let smileyBox = try #require(
                        shot.drawnBox(in: Self.smileyRegion(in: document.canvas)), "the added emoji is not where the panned view shows it")
                    // Glyphs are drawn the same way at the same zoom: allow a pixel of fringe.
                    #expect(
                        abs(content.minX - before.content.minX) <= 1 && abs(content.maxX - before.content.maxX) <= 1,
                        "\(before.content) → \(content)")
                    #expect(
                        abs(content.minY - before.content.minY) <= 1 && abs(content.maxY - before.content.maxY) <= 1,
                        "\(before.content) → \(content)")
                    #expect(
                        abs(smileyBox.midX - before.smiley.midX) <= 1 && abs(smileyBox.midY - before.smiley.midY) <= 1,
                        "\(before.smiley) → \(smileyBox)")
                    // 40 pt at zoom 1.21: about 48 px, not the 40 of a fresh view.
                    #expect(smileyBox.width >= 44, "the smiley is \(smileyBox.width) px wide")
                    #expect(try await document.title() == document.savedTitle)
                }
            }
        }

        /// Where the emoji added at the document origin shows after zooming to 1.21 and panning
        /// by (120, −80): its 40 pt square is 48 px, around the canvas centre moved by the pan.
        private static func smileyRegion(in canvas: CanvasGeometry) -> ScreenRect {
            let center = ScreenPoint(x: Int(canvas.centerX) + 120, y: Int(canvas.centerY) - 80)
            return ScreenRect(minX: center.x - 34, minY: center.y - 34, maxX: center.x + 34, maxY: center.y + 34)
        }

        @Test("an untitled document’s draft survives kill -9 and comes back as “Untitled” at the next launch (W2)")
        func draftComesBackAfterCrash() async throws {
            try await withWorkspace { workspace in
                var draft: URL?
                try await withApp(in: workspace, arguments: [], name: "before-crash", accessible: true) { app in
                    let window = try await OpenDocument.waitForUntitledWindow(in: app)
                    #expect(workspace.drafts.existingDrafts().isEmpty, "a draft is written only after the first change")
                    try await window.input.click(at: try await window.firstPaletteEmojiButton())
                    draft = try await workspace.waitForDraft("holds the clicked emoji") { $0.emojis.count == 1 }
                    try await window.waitForTitle(OpenDocument.untitledTitle)
                    try await app.crash()
                }

                let draftFile = try #require(draft)
                let saved = try Data(contentsOf: draftFile)
                try await withApp(in: workspace, arguments: [], name: "after-crash") { app in
                    let window = try await OpenDocument.waitForUntitledWindow(in: app, draft: draftFile)
                    let emoji = try #require(try window.savedModel().emojis.first)
                    #expect(emoji.text == DefaultPalettes.all[0].uniqueEmojis.first)
                    let square = window.canvas.screenRect(around: emoji, margin: 0)
                    let shot = try await window.waitForScreenshot("the recovered emoji shows at the centre") { shot in
                        shot.count(in: square) { $0.chroma > 80 } > 200
                    }
                    try await shot.archive(as: "lifecycle-draft-recovered")
                    // The canvas is no longer empty, so its hint is gone from beside the emoji.
                    let hintArea = ScreenRect(minX: square.minX - 160, minY: square.minY, maxX: square.minX - 20, maxY: square.maxY)
                    #expect(shot.drawnBox(in: hintArea) == nil, "the empty-canvas hint still shows")
                    #expect(app.workspace.drafts.existingDrafts() == [draftFile], "the same draft, not a copy")
                    #expect(try Data(contentsOf: draftFile) == saved, "opening a draft does not rewrite it")
                }
            }
        }

        @Test("closing a non-empty untitled window asks first; Cancel keeps it, Discard deletes the draft and the app ends with 0 (W2)")
        func closingUntitledAsks() async throws {
            // Discard once logged GLib CRITICALs (the window was destroyed inside the dialog's own
            // "response" handler); AppSession fails a test on any CRITICAL, so this guards it.
            do {
                try await withApp({ _ in [] }, accessible: true) { app in
                    let window = try await OpenDocument.waitForUntitledWindow(in: app)
                    try await window.input.click(at: try await window.firstPaletteEmojiButton())
                    let draft = try await app.workspace.waitForDraft("holds the clicked emoji") { $0.emojis.count == 1 }
                    try await window.input.move(to: window.canvas.frame.center)

                    try await window.input.key("ctrl+w")
                    var dialog = try await app.waitForWindow(titled: "Save Changes to “Untitled”?")
                    try await Screenshot.capture(on: app.server).archive(as: "lifecycle-save-changes-dialog")
                    try await XInput(server: app.server, window: dialog).key("Escape")
                    try await waitUntil("the dialog closes") {
                        let windows = try await app.visibleWindows()
                        return !windows.contains(dialog)
                    }
                    _ = try await app.waitForWindow(titled: OpenDocument.untitledTitle)
                    #expect(FileManager.default.fileExists(atPath: draft.path), "Cancel keeps the draft")

                    try await window.input.key("ctrl+w")
                    dialog = try await app.waitForWindow(titled: "Save Changes to “Untitled”?")
                    let frame = try await app.frame(of: dialog)
                    let shot = try await Screenshot.capture(on: app.server)
                    // Discard is the destructive response, its label drawn in red.
                    let discard = try #require(
                        shot.boundingBox(in: frame) { $0.red > 150 && $0.green < 90 && $0.blue < 90 }, "no red Discard label in the dialog")
                    try await XInput(server: app.server, window: dialog).click(at: discard.center)
                    #expect(try await app.waitForExit() == 0)
                    #expect(!FileManager.default.fileExists(atPath: draft.path), "Discard deletes the draft")
                    #expect(app.workspace.drafts.existingDrafts().isEmpty)
                }
            }
        }

        @Test("an empty untitled window closes without asking and leaves no draft (W2)")
        func emptyUntitledClosesAtOnce() async throws {
            try await withApp({ _ in [] }) { app in
                let window = try await OpenDocument.waitForUntitledWindow(in: app)
                try await window.input.key("ctrl+w")
                #expect(try await app.waitForExit() == 0)
                #expect(app.workspace.drafts.existingDrafts().isEmpty)
            }
        }

        @Test("Ctrl+N opens a second, untitled window with a document of its own (W1)")
        func controlNOpensWindow() async throws {
            try await withExampleDocument("sunny-meadow", accessible: true) { document in
                let original = try Data(contentsOf: document.file)
                try await document.input.key("ctrl+n")
                let untitled = try await OpenDocument.waitForUntitledWindow(in: document.app)
                #expect(untitled.window != document.window)
                try await untitled.input.click(at: try await untitled.firstPaletteEmojiButton())
                _ = try await document.app.workspace.waitForDraft("holds the clicked emoji") { $0.emojis.count == 1 }
                try await untitled.screenshot().archive(as: "lifecycle-control-n")
                #expect(try await document.title() == document.savedTitle, "the first window is still there, unchanged")
                #expect(try Data(contentsOf: document.file) == original, "the edit went to the new document only")
            }
        }

        @Test("Ctrl+Q saves an edit made a moment before and quits with status 0 (W1, W2)")
        func controlQSavesAndQuits() async throws {
            try await withExampleDocument("sunny-meadow") { document in
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                // Well inside autosave's quiet second: only the quit can have saved this.
                try await document.input.key("Delete", "ctrl+q")
                #expect(try await document.app.waitForExit() == 0)
                #expect(!(try document.savedModel().emojis.contains { $0.text == "🐶" }))
            }
        }
    }
}
