import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Finding emojis by name (F1), through the real app and read through AT-SPI as a screen
    /// reader user hears it: the strip's search in nine languages, its keys, the recently added
    /// emojis, and the palette editor's search.
    @Suite("Finding emojis by name", .serialized, .ownXvfbDisplay)
    struct EmojiSearchTests {
        /// Opens sunny-meadow in an app speaking `language`, publishing its tree on a private bus.
        private func withSearchableDocument(
            language: String = "en", _ body: (AccessibilityBus, OpenDocument, TestWorkspace) async throws -> Void
        ) async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    var environment = bus.environment
                    environment["LANGUAGE"] = language
                    environment["EMOJIART_LOCALEDIR"] = LanguageTests.catalogs.path
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: environment) { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        try await body(bus, document, workspace)
                    }
                }
            }
        }

        /// Opens the strip's search with Ctrl+F and puts `text` in its entry (named `entryName`
        /// in the app's language) through AT-SPI, as an input method would; returns the names of
        /// the first `count` results once the first one is `firstAwaited`'s, or contains it.
        private func search(
            _ text: String, entryName: String, awaiting expected: String, within count: Int = 6,
            in document: OpenDocument, on bus: AccessibilityBus
        ) async throws -> [String] {
            try await document.input.key("ctrl+f")
            let entryRole = try await AccessibleTree.waitFor("the search entry shows", in: document.app, on: bus) { tree in
                tree.allNodes.first { $0.name == entryName && $0.role == "entry" && $0.states.contains("focused") }?.role
            }
            try await AccessibleTree.setText(text, role: entryRole, name: entryName, in: document.app, on: bus)
            return try await AccessibleTree.waitFor(
                "“\(expected)” among the first \(count) results for “\(text)”", in: document.app, on: bus
            ) { tree in
                let results = Self.results(in: tree, after: entryName).prefix(count)
                return results.contains(expected) ? Array(results) : nil
            }
        }

        /// The emoji buttons after the search entry, in the strip's order.
        static func results(in tree: AccessibleNode, after entryName: String) -> [String] {
            let nodes = tree.allNodes
            guard let entry = nodes.firstIndex(where: { $0.name == entryName && $0.role == "entry" }) else { return [] }
            return nodes[entry...].filter { $0.role == "push button" }.map(\.name)
        }

        @Test(
            "the word for “cat” offers 🐱 by its localized name among the first results, and a click adds it (F1)",
            arguments: [
                ("en", "cat", "Find an Emoji by Name"),
                ("de", "katze", "Emoji nach Namen suchen"),
                ("es", "gato", "Buscar un emoji por su nombre"),
                ("fr", "chat", "Chercher un émoji par son nom"),
                ("ja", "ねこ", "名前で絵文字を探す"),
                ("ko", "고양이", "이름으로 이모지 찾기"),
                ("zh_CN", "猫", "按名称查找表情"),
                ("ar", "قطة", "ابحث عن رمز تعبيري بالاسم"),
                ("he", "חתול", "חיפוש אמוג׳י לפי שם"),
            ])
        func catInEveryLanguage(language: String, word: String, entryName: String) async throws {
            try await withSearchableDocument(language: language) { bus, document, _ in
                let catFace = try #require(EmojiSearch.shared.name(of: "🐱", language: language))
                #expect(language == "en" || catFace != "cat face", "named in \(language)")
                let results = try await search(word, entryName: entryName, awaiting: catFace, in: document, on: bus)
                #expect(results.contains(catFace), "\(results)")
                try await Screenshot.capture(on: document.app.server).archive(as: "search-cat-\(language)")
                try await AccessibleTree.perform("click", role: "push button", name: catFace, in: document.app, on: bus)
                let saved = try await document.save()
                #expect(saved.emojis.contains { $0.text == "🐱" }, "the cat is in the document")
            }
        }

        @Test("“red he” offers ❤️ first, Enter adds it; it then leads the recently added emojis, remembered on disk (F1)")
        func redHeartAndRecents() async throws {
            try await withSearchableDocument { bus, document, workspace in
                let entry = "Find an Emoji by Name"
                let results = try await search("red he", entryName: entry, awaiting: "red heart", within: 1, in: document, on: bus)
                #expect(results == ["red heart"])
                try await document.input.key("Return")
                #expect(try await document.save().emojis.contains { $0.text == "❤️" })

                try await document.input.key("Escape")
                _ = try await AccessibleTree.waitFor("Escape brings the palette back", in: document.app, on: bus) {
                    $0.first(role: "push button", name: "grinning face") != nil && Self.results(in: $0, after: entry).isEmpty ? true : nil
                }
                try await document.input.key("ctrl+f")
                let recents = try await AccessibleTree.waitFor("the empty search shows the recent emojis", in: document.app, on: bus) {
                    let shown = Self.results(in: $0, after: entry)
                    return shown.first == "red heart" ? shown : nil
                }
                #expect(!recents.contains("grinning face"), "recents, not the palette: \(recents)")
                #expect(RecentEmojis.load(from: workspace.storage.stateDirectory).emojis == ["❤️"])
            }
        }

        @Test("while the search entry has the keys, BackSpace and Ctrl+A edit its text, not the document (F1, U4)")
        func entryKeepsItsKeys() async throws {
            try await withSearchableDocument { bus, document, _ in
                let dog = try #require(try document.savedModel().emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                _ = try await search("dog", entryName: "Find an Emoji by Name", awaiting: "dog face", in: document, on: bus)
                try await document.input.key("ctrl+a", "BackSpace")
                _ = try await AccessibleTree.waitFor(
                    "the entry is empty again: the recent emojis or the palette show", in: document.app, on: bus
                ) {
                    Self.results(in: $0, after: "Find an Emoji by Name").contains("grinning face") ? true : nil
                }
                let tree = try await AccessibleTree.read(document.app, on: bus)
                #expect(tree.first(role: "push button", name: "Undo")?.description == "Nothing to Undo", "the selected dog was not deleted")
                #expect(
                    tree.allNodes.first { $0.name == "Canvas" }?.description == "1 emoji selected: dog face",
                    "Ctrl+A selected the text only")
                try await document.input.key("Escape")
                try await document.input.key("Delete")
                _ = try await AccessibleTree.waitFor("back on the canvas, Delete deletes the dog", in: document.app, on: bus) {
                    $0.first(role: "push button", name: "Undo")?.description == "Undo Delete" ? true : nil
                }
            }
        }

        @Test("the palette editor finds an emoji by name and adds it to the palette (F1, P3)")
        func paletteEditorAddsByName() async throws {
            try await withSearchableDocument { bus, document, workspace in
                let app = document.app
                _ = try await AccessibleTree.waitFor("the Palette Menu button is published", in: app, on: bus) {
                    $0.first(role: "push button", name: "Palette Menu")
                }
                try await AccessibleTree.perform("click", role: "push button", name: "Palette Menu", in: app, on: bus)
                _ = try await AccessibleTree.waitFor("the palette menu shows", in: app, on: bus) {
                    $0.first(role: "menu item", name: "Edit…")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "Edit…", in: app, on: bus)
                let entryRole = try await AccessibleTree.waitFor("the editor's search shows", in: app, on: bus) { tree in
                    tree.allNodes.first { $0.name == "Find by Name" && $0.role != "panel" && $0.role != "label" && $0.role != "heading" }?
                        .role
                }
                try await AccessibleTree.setText("owl", role: entryRole, name: "Find by Name", in: app, on: bus)
                _ = try await AccessibleTree.waitFor("the owl is found", in: app, on: bus) { $0.first(role: "push button", name: "owl") }
                try await AccessibleTree.perform("click", role: "push button", name: "owl", in: app, on: bus)
                try await waitUntil("the owl is saved in the first palette") {
                    PaletteStore(dataDirectory: workspace.storage.dataDirectory).palettes.first?.emojis.hasPrefix("🦉") == true
                }
            }
        }
    }
}
