import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// What a screen reader finds (SPEC A2), read through AT-SPI with pyatspi as Orca reads it:
    /// every control named in words, the menus readable and usable by their names, the canvas
    /// describing its selection.
    @Suite("Accessibility through AT-SPI", .serialized, .ownXvfbDisplay)
    struct AccessibilityTests {
        /// Roles a user operates; each needs a name a person can understand.
        static let controlRoles: Set<String> = [
            "push button", "toggle button", "menu item", "check box", "radio button", "text", "entry",
            "password text", "combo box", "slider", "spin button", "list item", "menu",
        ]

        /// Runs `body` with the sunny-meadow example open in an app publishing its tree on a
        /// private accessibility bus.
        private func withAccessibleDocument(
            _ body: (AccessibilityBus, OpenDocument) async throws -> Void
        ) async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        try await body(bus, document)
                    }
                }
            }
        }

        /// Controls named by their class ("GtkMenuButton"), or not at all.
        static func badlyNamedControls(in tree: AccessibleNode) -> [AccessibleNode] {
            tree.allNodes.filter { node in
                controlRoles.contains(node.role)
                    && (node.name.isEmpty || node.name.hasPrefix("Gtk") || node.name.hasPrefix("Adw"))
            }
        }

        @Test("no control is named by its class: the header bar and palette strip buttons read in words (A2)")
        func everyControlHasAName() async throws {
            try await withAccessibleDocument { bus, document in
                // The strip's emojis are named once the names load, after the launch (F1).
                let tree = try await AccessibleTree.waitFor("the window’s tree is published, its emojis named", in: document.app, on: bus) {
                    $0.first(role: "push button", name: "Main Menu") != nil && $0.first(role: "push button", name: "grinning face") != nil
                        ? $0 : nil
                }
                #expect(Self.badlyNamedControls(in: tree).isEmpty, "\(Self.badlyNamedControls(in: tree).map(\.summary))")
                let buttons = tree.names(ofRole: "push button")
                #expect(!buttons.contains("😀"), "the emoji buttons are named in words: \(buttons)")
                for name in ["Undo", "Redo", "Main Menu", "Palette Menu", "grinning face", "Find an Emoji by Name"] {
                    #expect(buttons.contains(name), "no button “\(name)” among \(buttons)")
                }
                #expect(!buttons.contains { $0.hasPrefix("Gtk") }, "\(buttons)")
                let chooser = try #require(tree.allNodes.first { $0.name.hasPrefix("Palette: Faces") })
                #expect(chooser.name == "Palette: Faces. Activate for the next palette")
                let canvas = try #require(tree.allNodes.first { $0.name == "Canvas" })
                #expect(canvas.description == "No emoji selected")
            }
        }

        @Test("the main menu opens from its button and lists every item by name; Keyboard Shortcuts opens (A2, X2)")
        func mainMenuIsReadable() async throws {
            try await withAccessibleDocument { bus, document in
                let app = document.app
                _ = try await AccessibleTree.waitFor("the Main Menu button is published", in: app, on: bus) {
                    $0.first(role: "push button", name: "Main Menu")
                }
                try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
                let items = try await AccessibleTree.waitFor("the main menu's items show", in: app, on: bus) { tree in
                    let names = tree.names(ofRole: "menu item")
                    return names.contains("About EmojiArt") ? names : nil
                }
                for name in [
                    "New Window", "Open…", "Join…", "Save", "Save As…", "Export…", "Print…", "Share…", "Undo", "Select All",
                    "Arrange", "Background", "View", "Keyboard Shortcuts", "About EmojiArt",
                ] {
                    #expect(items.contains(name), "no menu item “\(name)” among \(items)")
                }
                // The HIG's primary menu: no Quit or Close Window (Ctrl+Q, Ctrl+W), short enough for a laptop's screen.
                #expect(!items.contains("Quit") && !items.contains("Close Window"), "\(items)")
                let shown = try await AccessibleTree.read(app, on: bus).allNodes.filter {
                    $0.role == "menu item" && $0.states.contains("showing")
                }
                #expect(shown.count <= 23, "\(shown.count) items: \(shown.map(\.name))")
                try await AccessibleTree.perform("click", role: "menu item", name: "Keyboard Shortcuts", in: app, on: bus)
                _ = try await app.waitForWindow(titled: "Keyboard Shortcuts")
            }
        }

        @Test("the palette menu lists its items; Manage opens the palette manager, whose buttons all have names (A2, P2, P4)")
        func paletteMenuAndManager() async throws {
            try await withAccessibleDocument { bus, document in
                let app = document.app
                _ = try await AccessibleTree.waitFor("the Palette Menu button is published", in: app, on: bus) {
                    $0.first(role: "push button", name: "Palette Menu")
                }
                try await AccessibleTree.perform("click", role: "push button", name: "Palette Menu", in: app, on: bus)
                let items = try await AccessibleTree.waitFor("the palette menu's items show", in: app, on: bus) { tree in
                    let names = tree.names(ofRole: "menu item")
                    return names.contains("Manage…") ? names : nil
                }
                for name in ["Edit…", "New", "Delete…", "Manage…", "Go To"] {
                    #expect(items.contains(name), "no menu item “\(name)” among \(items)")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "Manage…", in: app, on: bus)
                let manager = try await AccessibleTree.waitFor("the palette manager shows", in: app, on: bus) {
                    $0.first(role: "push button", name: "Edit “Faces”") != nil ? $0 : nil
                }
                #expect(Self.badlyNamedControls(in: manager).isEmpty, "\(Self.badlyNamedControls(in: manager).map(\.summary))")
                let buttons = manager.names(ofRole: "push button")
                for name in ["New Palette", "Move “Faces” Down", "Edit “Faces”", "Delete “Faces”"] {
                    #expect(buttons.contains(name), "no button “\(name)” among \(buttons)")
                }
                // Edit is the row's activatable widget, which libadwaita labels by the row's title
                // too; it is read once, not "Edit “Faces” Faces" (no name says the palette twice).
                #expect(!buttons.contains { $0.hasSuffix("” Faces") }, "\(buttons)")
                try await AccessibleTree.perform("click", role: "push button", name: "Edit “Faces”", in: app, on: bus)
                let editor = try await AccessibleTree.waitFor("the palette editor shows", in: app, on: bus) {
                    $0.first(role: "push button", name: "Choose an Emoji") != nil ? $0 : nil
                }
                #expect(Self.badlyNamedControls(in: editor).isEmpty, "\(Self.badlyNamedControls(in: editor).map(\.summary))")
                #expect(
                    editor.allNodes.contains { $0.name == "Remove grinning face" },
                    "the editor's emojis are named by what activating them does")
            }
        }

        @Test("the canvas's description says what is selected (A2)")
        func canvasDescribesSelection() async throws {
            try await withAccessibleDocument { bus, document in
                let app = document.app
                let model = try document.savedModel()
                let dog = try #require(model.emojis.first { $0.text == "🐶" })
                try await document.input.click(at: document.canvas.screenPoint(for: dog.position))
                _ = try await AccessibleTree.waitFor("the canvas says the dog is selected", in: app, on: bus) {
                    $0.allNodes.first { $0.name == "Canvas" && $0.description == "1 emoji selected: dog face" }
                }
                try await document.input.key("ctrl+a")
                let all = "\(model.emojis.count) emojis selected: " + EmojiSearch.shared.spokenList(of: model.emojis.map(\.text))
                _ = try await AccessibleTree.waitFor("the canvas says every emoji is selected", in: app, on: bus) {
                    $0.allNodes.first { $0.name == "Canvas" && $0.description == all }
                }
                try await document.input.key("Escape")
                _ = try await AccessibleTree.waitFor("the canvas says nothing is selected", in: app, on: bus) {
                    $0.allNodes.first { $0.name == "Canvas" && $0.description == "No emoji selected" }
                }
            }
        }
    }
}
