import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Palettes are shared by every window, also those of another `emojiart` process (SPEC P2,
    /// P3, P5): two processes run on one XDG_DATA_HOME — without a session bus each is a
    /// separate, non-unique GApplication — and each follows `palettes.json` as it changes.
    @Suite("Palettes shared between processes", .serialized, .ownXvfbDisplay)
    struct PaletteSharingTests {
        /// Where the second process's window is moved: it covers the first window's lower right,
        /// but not the first's palette chooser nor the start of its strip, and stays on screen.
        static let secondWindowOrigin = ScreenPoint(x: 320, y: 180)

        /// Opens `first.emojiart` in one process and `second.emojiart` in another, both in
        /// `workspace`, with the second window moved aside, and runs `body` with both windows.
        func withTwoProcesses(
            in workspace: TestWorkspace, _ body: (_ first: OpenDocument, _ second: OpenDocument) async throws -> Void
        ) async throws {
            let firstFile = try workspace.copyExample("sunny-meadow", as: "first")
            let secondFile = try workspace.copyExample("sunny-meadow", as: "second")
            try await withApp(in: workspace, arguments: [firstFile.path], name: "first", accessible: true) { firstApp in
                // Measured before the second window covers part of it.
                let first = try await OpenDocument.waitForWindow(of: firstFile, in: firstApp)
                try await withApp(in: workspace, arguments: [secondFile.path], name: "second", accessible: true) { secondApp in
                    let window = try await secondApp.waitForWindow(titled: OpenDocument.title(for: secondFile))
                    try await secondApp.move(window, to: Self.secondWindowOrigin)
                    let second = try await OpenDocument.waitForWindow(of: secondFile, in: secondApp)
                    #expect(second.windowFrame.minX == Self.secondWindowOrigin.x)
                    // Both strips' pictures are made on a thread of low priority, which a busy
                    // machine can hold back for seconds: the tests compare strips once both are whole.
                    try await waitUntil("both processes' palette strips are made (palette-ready twice)", timeout: .seconds(60)) {
                        try LaunchTraceTests.readEvents(workspace.traceFile).count { $0["event"] as? String == "palette-ready" } >= 2
                    }
                    try await body(first, second)
                }
            }
        }

        @Test("renaming a palette in one process's editor renames it in the other process's chooser (P2, P3, P5)")
        func renameInOneProcessShowsInTheOther() async throws {
            try await withWorkspace { workspace in
                try await withTwoProcesses(in: workspace) { first, second in
                    let before = try await second.paletteStrip(minimumButtons: 10)

                    // The first window's chooser menu → Edit… ("e" is its mnemonic).
                    try await first.openPaletteMenu()
                    try await first.input.key("e")
                    let editorWindow = try await first.app.waitForWindow(titled: "Edit Faces")
                    let editor = XInput(server: first.app.server, window: editorWindow)
                    // The name field has the focus; each keystroke renames and saves.
                    try await editor.key("ctrl+a")
                    try await editor.xdotool(["type", "--delay", "30", "Smileys and People"])
                    _ = try await first.app.waitForWindow(titled: "Edit Smileys and People")
                    try await waitUntil("palettes.json has the new name") {
                        PaletteStore(dataDirectory: workspace.storage.dataDirectory).palettes.first?.name == "Smileys and People"
                    }

                    // The longer name widens the other process's chooser and pushes its strip right.
                    let after = try await second.paletteStrip("the second window’s chooser is wider and its strip starts further right") {
                        strip in
                        strip.chooserName.width >= before.chooserName.width + 60
                            && strip.emojiButtons.first.map { $0.minX >= before.emojiButtons[0].minX + 60 } == true ? strip : nil
                    }
                    try await second.screenshot().archive(as: "palettes-renamed-in-other-process")
                    #expect(after.emojiButtons.count < before.emojiButtons.count, "fewer of its buttons in view")
                }
            }
        }

        @Test("when another program rewrites palettes.json, both processes' strips follow it (P5)")
        func fileChangeReachesBothProcesses() async throws {
            try await withWorkspace { workspace in
                try await withTwoProcesses(in: workspace) { first, second in
                    _ = try await first.paletteStrip(minimumButtons: 10)
                    _ = try await second.paletteStrip(minimumButtons: 10)

                    // Core's store saves atomically, as another EmojiArt process would.
                    let store = PaletteStore(dataDirectory: workspace.storage.dataDirectory)
                    try store.setEmojis("🐸", forPaletteWithID: try #require(store.palettes.first).id)

                    for document in [first, second] {
                        // Named by its character until the names are loaded. The name reaches
                        // AT-SPI a little after the button (a CI run read the strip in between),
                        // so the wait is for both.
                        let names = try await document.paletteStrip("the strip shows the one emoji left, named") {
                            $0.emojiButtons.count == 1 && ($0.emojiNames == ["frog"] || $0.emojiNames == ["🐸"]) ? $0.emojiNames : nil
                        }
                        #expect(names.count == 1)
                    }
                    try await second.screenshot().archive(as: "palettes-file-rewritten")
                    // Palettes are not part of a document: neither has anything to save.
                    #expect(try await first.title() == first.savedTitle)
                    #expect(try await second.title() == second.savedTitle)
                }
            }
        }
    }
}
