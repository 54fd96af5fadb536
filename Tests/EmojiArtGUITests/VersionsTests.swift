import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Every document keeps its past (H1, H2), driven through AT-SPI: versions are taken as the
    /// document rests (half a second here, by EMOJIART_VERSION_QUIET_SECONDS), Browse Versions…
    /// lists them, and Restore makes the document an earlier one as one undo step.
    @Suite("Browse Versions", .serialized, .ownXvfbDisplay)
    struct VersionsTests {
        /// The versions of the document in `file`, newest first, as the app's store keeps them.
        static func versions(of file: URL, in workspace: TestWorkspace) throws -> [VersionSummary] {
            guard let id = try DocumentFile.read(from: file).documentID else { return [] }
            return try VersionStore(locations: workspace.storage).history(of: id).versions()
        }

        @Test("a deleted emoji comes back with Browse Versions… ▸ Restore, which Ctrl+Z takes back (H1, H2)")
        func restoreAnEarlierVersion() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    var environment = bus.environment
                    environment["EMOJIART_VERSION_QUIET_SECONDS"] = "0.5"
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: environment) { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        let original = try document.savedModel()
                        let dog = try #require(original.emojis.first { $0.text == "🐶" })
                        try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                        try await document.input.key("Delete")
                        _ = try await document.waitForSavedModel("the dog is deleted") { $0.emoji(withID: dog.id) == nil }
                        // The opened document, then the one without the dog.
                        let kept = try await waitFor("two versions are kept") { () -> [VersionSummary]? in
                            let versions = try Self.versions(of: file, in: workspace)
                            return versions.count == 2 ? versions : nil
                        }
                        #expect(kept.map(\.emojiCount) == [original.emojis.count - 1, original.emojis.count])

                        try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
                        _ = try await AccessibleTree.waitFor("the main menu offers Browse Versions…", in: app, on: bus) {
                            $0.first(role: "menu item", name: "Browse Versions…")
                        }
                        try await AccessibleTree.perform("click", role: "menu item", name: "Browse Versions…", in: app, on: bus)
                        let panel = try await app.waitForWindow(titled: "Versions of “sunny-meadow”")
                        _ = try await AccessibleTree.waitFor("the versions are listed", in: app, on: bus) { tree in
                            tree.allNodes.contains { $0.name.contains("\(original.emojis.count) emojis") } ? true : nil
                        }
                        // The newest is chosen first; Down chooses the opened one.
                        try await XInput(server: app.server, window: panel).key("Down")
                        _ = try await AccessibleTree.waitFor("the opened version, listed second, is chosen", in: app, on: bus) { tree in
                            let rows = tree.allNodes.filter { $0.role == "list item" }
                            return rows.count == 2 && rows[1].states.contains("selected") ? true : nil
                        }
                        try await Screenshot.capture(on: app.server).archive(as: "browse-versions")
                        let restore = try await AccessibleTree.waitFor("Restore can act", in: app, on: bus) { tree in
                            tree.allNodes.first {
                                $0.role == "push button" && $0.name.replacingOccurrences(of: "_", with: "").hasPrefix("Restore")
                                    && $0.states.contains("sensitive")
                            }
                        }
                        try await AccessibleTree.perform("click", role: "push button", name: restore.name, in: app, on: bus)
                        let restored = try await document.waitForSavedModel("the dog is back") { $0.emojis.count == original.emojis.count }
                        #expect(restored.emojis.map(\.text) == original.emojis.map(\.text))
                        try await document.input.key("ctrl+z")
                        _ = try await document.waitForSavedModel("Ctrl+Z takes the restore back") {
                            $0.emojis.count == original.emojis.count - 1
                        }
                    }
                }
            }
        }
    }
}
