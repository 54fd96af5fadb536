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

        @Test("500 versions are listed, each with its thumbnail (H2)")
        func manyVersionsListed() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    try Self.recordVersions(Self.manyVersions, of: file, in: workspace)
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        _ = try await Self.browseVersions(of: file, in: app, on: bus)
                        let trace = workspace.traceFile
                        let thumbnails = try await waitFor("every thumbnail is drawn", timeout: .seconds(120)) {
                            try LaunchTraceTests.readEvents(trace).first { $0["event"] as? String == "versions-thumbnails" }
                        }
                        let events = try LaunchTraceTests.readEvents(trace)
                        let listed = try #require(events.first { $0["event"] as? String == "versions-listed" })
                        let opened = try #require(events.first { $0["event"] as? String == "versions-opened" })
                        #expect(listed["count"] as? Int == Self.manyVersions)
                        #expect(thumbnails["count"] as? Int == Self.manyVersions)
                        let milliseconds = { (event: [String: Any]) in (event["ms"] as? Double ?? 0) - (opened["ms"] as? Double ?? 0) }
                        print(
                            "Browse Versions… with \(Self.manyVersions) versions: listed after \(milliseconds(listed)) ms, every thumbnail after \(milliseconds(thumbnails)) ms"
                        )
                    }
                }
            }
        }

        // A few versions: every read of the accessible tree walks each row of the list.
        @Test("in a narrow window the list of versions and the chosen version take turns (H2, X8)")
        func narrowPanel() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    try Self.recordVersions(3, of: file, in: workspace)
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        let panel = try await Self.browseVersions(of: file, in: app, on: bus)
                        // Narrow: the list alone, then the chosen version with a way back. A pane the
                        // leaflet does not show keeps its place beside the window, out of its width.
                        try await app.resize(panel, width: 360, height: 600)
                        let narrow = try await app.frame(of: panel)
                        #expect(narrow.width <= 360, "the panel fits the narrow width it was given: \(narrow)")
                        let previewShows = { (tree: AccessibleNode) -> Bool in
                            guard let frame = tree.allNodes.first(where: { $0.name == "Chosen version" })?.frame else { return false }
                            return frame[0] >= 0 && frame[0] + frame[2] <= narrow.width
                        }
                        _ = try await AccessibleTree.waitFor("the folded panel shows the list alone", in: app, on: bus) { tree in
                            previewShows(tree) ? nil : true
                        }
                        try await Screenshot.capture(on: app.server).archive(as: "browse-versions-narrow-list")
                        // A click (a tap) on the second version shows it.
                        let row = try await AccessibleTree.waitFor("the second version has a place", in: app, on: bus) { tree in
                            tree.allNodes.filter { $0.role == "list item" }.dropFirst().first?.frame
                        }
                        try await XInput(server: app.server, window: panel).click(
                            at: ScreenPoint(x: narrow.minX + row[0] + row[2] / 2, y: narrow.minY + row[1] + row[3] / 2))
                        _ = try await AccessibleTree.waitFor("the chosen version shows", in: app, on: bus) { previewShows($0) ? true : nil }
                        try await Screenshot.capture(on: app.server).archive(as: "browse-versions-narrow-chosen")
                        try await AccessibleTree.perform("click", role: "push button", name: "Back to the List", in: app, on: bus)
                        _ = try await AccessibleTree.waitFor("Back shows the list again", in: app, on: bus) {
                            previewShows($0) ? nil : true
                        }
                    }
                }
            }
        }

        /// Gives the document in `file` an id of its own and `count` versions in its store, kept
        /// whole (no thinning), one a minute, each with the first emoji moved on.
        static func recordVersions(_ count: Int, of file: URL, in workspace: TestWorkspace) throws {
            let model = try DocumentFile.read(from: file).withFreshDocumentID()
            try EmojiArtEncoder().encode(model).write(to: file)
            let id = try #require(model.documentID)
            let keepAll = VersionThinning(tiers: [], beyondSpacing: 1, budgetBytes: .max)
            let history = VersionStore(locations: workspace.storage, thinning: keepAll).history(of: id)
            let first = try #require(model.emojis.first)
            for index in 0..<count {
                var version = model
                version.update([first.moved(by: DocumentVector(dx: Double(index), dy: 0))])
                _ = try history.record(version, at: Date(timeIntervalSinceNow: -60 * Double(count - index)))
            }
        }

        /// Opens Browse Versions… from the main menu, as a screen reader user would, and returns
        /// its window.
        static func browseVersions(of file: URL, in app: AppUnderTest, on bus: AccessibilityBus) async throws -> String {
            _ = try await OpenDocument.waitForWindow(of: file, in: app)
            try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
            _ = try await AccessibleTree.waitFor("the main menu offers Browse Versions…", in: app, on: bus) {
                $0.first(role: "menu item", name: "Browse Versions…")
            }
            try await AccessibleTree.perform("click", role: "menu item", name: "Browse Versions…", in: app, on: bus)
            return try await app.waitForWindow(titled: "Versions of “\(file.deletingPathExtension().lastPathComponent)”")
        }

        static let manyVersions = 500
    }
}
