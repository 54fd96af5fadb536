import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// The context menu, the primary menu's Edit and Background sections and the background
    /// dialog, read and used through AT-SPI as a screen reader user would (S9, U4, B7).
    @Suite("Editor menus through AT-SPI", .serialized, .ownXvfbDisplay)
    struct EditorMenuTests {
        /// A background that never loads (nothing listens on port 9), so the canvas stays white
        /// for the tests' geometry, yet the document has a background to remove.
        static let unreachableBackground = "http://127.0.0.1:9/unreachable.png"

        private func withDocumentWithBackground(_ body: (AccessibilityBus, OpenDocument) async throws -> Void) async throws {
            try await withAccessibleDocument(
                { workspace in
                    try workspace.writeDocument(
                        named: "backdrop.emojiart",
                        contents:
                            #"{"background":{"theURL":"\#(Self.unreachableBackground)"},"emojis":[{"text":"🐶","x":0,"y":0,"size":80,"id":1},{"text":"🌲","x":150,"y":0,"size":80,"id":2}],"uniqueEmojiId":2}"#
                    )
                }, body)
        }

        @Test("right-click on an emoji selects it and offers the emoji menu; its Duplicate adds a copy 10 pt away (S9, S6)")
        func contextMenuOverEmoji() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                let original = try document.savedModel()
                let dog = try #require(original.emojis.first { $0.text == "🐶" })
                let point = document.canvas.screenPoint(for: dog.position)
                try await document.input.focus()
                try await document.input.xdotool(["mousemove", "\(point.x)", "\(point.y)", "click", "3"])
                let items = try await AccessibleTree.waitFor("the context menu shows", in: app, on: bus) { tree in
                    let names = tree.names(ofRole: "menu item")
                    return names.contains("Flip Horizontally") ? names : nil
                }
                for name in [
                    "Cut", "Copy", "Paste", "Duplicate", "Delete", "Bring to Front", "Bring Forward",
                    "Send Backward", "Send to Back", "Arrange", "Rotate Left", "Rotate Right", "Flip Horizontally", "Group", "Lock",
                ] {
                    #expect(items.contains(name), "no “\(name)” among \(items)")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "Duplicate", in: app, on: bus)
                let after = try await document.waitForSavedModel("the dog is duplicated") {
                    $0.emojis.count == original.emojis.count + 1
                }
                let copy = try #require(after.emojis.last)
                #expect(copy.text == "🐶")
                #expect(copy.position == DocumentPoint(x: dog.position.x + 10, y: dog.position.y + 10))
            }
        }

        @Test("the context menus fit without scrolling; a right-click on a locked emoji offers Unlock for it alone (S9, R4)")
        func contextMenusFitAndUnlock() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                let original = try document.savedModel()
                let sun = try #require(original.emojis.first { $0.text == "☀️" })
                let point = document.canvas.screenPoint(for: sun.position)
                try await document.input.click(at: point)
                try await document.input.key("ctrl+l")
                _ = try await document.waitForSavedModel("the sun is locked") { $0.emoji(withID: sun.id)?.locked == true }
                // Over empty canvas near the bottom, where the menu has least room below.
                let low = ScreenPoint(x: document.canvas.frame.minX + 12, y: document.canvas.frame.maxY - 12)
                for (place, item) in [(low, "Zoom to Fit"), (point, "Unlock")] {
                    try await document.input.focus()
                    try await document.input.xdotool(["mousemove", "\(place.x)", "\(place.y)", "click", "3"])
                    let tree = try await AccessibleTree.waitFor("the menu with “\(item)” shows", in: app, on: bus) { tree in
                        tree.names(ofRole: "menu item").contains(item) ? tree : nil
                    }
                    let scrollBars = tree.allNodes.filter { $0.role == "scroll bar" && $0.states.contains("showing") }
                    #expect(scrollBars.isEmpty, "the menu needs scrolling: \(tree.names(ofRole: "menu item"))")
                    if item == "Unlock" {
                        try await Screenshot.capture(on: app.server).archive(as: "context-menu-locked")
                        #expect(!tree.names(ofRole: "menu item").contains("Cut"), "the locked sun is not selected")
                        try await AccessibleTree.perform("click", role: "menu item", name: "Unlock", in: app, on: bus)
                    } else {
                        try await document.input.key("Escape")
                    }
                }
                _ = try await document.waitForSavedModel("the sun is unlocked") { $0.emoji(withID: sun.id)?.locked == false }
                try await document.input.key("Delete")
                _ = try await document.waitForSavedModel("the unlocked sun was selected, and Delete removed it") {
                    $0.emoji(withID: sun.id) == nil
                }
            }
        }

        @Test("right-click on empty canvas offers Paste, Select All, the background verbs and Zoom to Fit (S9)")
        func contextMenuOverCanvas() async throws {
            try await withDocumentWithBackground { bus, document in
                let app = document.app
                let corner = ScreenPoint(x: document.canvas.frame.minX + 12, y: document.canvas.frame.minY + 12)
                try await document.input.focus()
                try await document.input.xdotool(["mousemove", "\(corner.x)", "\(corner.y)", "click", "3"])
                let items = try await AccessibleTree.waitFor("the canvas menu shows", in: app, on: bus) { tree in
                    let names = tree.names(ofRole: "menu item")
                    return names.contains("Zoom to Fit") && names.contains("Select All") ? names : nil
                }
                for name in ["Paste", "Select All", "Set Background from File…", "Set Background from URL…", "Remove Background"] {
                    #expect(items.contains(name), "no “\(name)” among \(items)")
                }
                #expect(!items.contains("Cut"), "the emoji items are not offered over empty canvas")
                try await AccessibleTree.perform("click", role: "menu item", name: "Remove Background", in: app, on: bus)
                let removed = try await document.waitForSavedModel("the background is removed") { $0.background == .blank }
                #expect(!removed.emojis.isEmpty)
            }
        }

        @Test(
            "the main menu's Edit section names the step Undo would take, and its Background submenu removes the background as one step (U4, B7)"
        )
        func primaryMenuSections() async throws {
            try await withDocumentWithBackground { bus, document in
                let app = document.app
                let original = try document.savedModel()
                try await document.input.key("ctrl+a")
                try await document.input.key("bracketright")
                try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
                let items = try await AccessibleTree.waitFor("the main menu shows", in: app, on: bus) { tree in
                    let names = tree.names(ofRole: "menu item")
                    return names.contains("About EmojiArt") ? names : nil
                }
                for name in ["Undo Rotate", "Redo", "Cut", "Copy", "Paste", "Duplicate", "Delete", "Select All", "Background"] {
                    #expect(items.contains(name), "no “\(name)” among \(items)")
                }
                // The Background submenu slides in over the menu.
                try await AccessibleTree.perform("click", role: "menu item", name: "Background", in: app, on: bus)
                let background = try await AccessibleTree.waitFor("the Background submenu shows", in: app, on: bus) { tree in
                    let names = tree.names(ofRole: "menu item")
                    return names.contains("Remove Background") ? names : nil
                }
                for name in ["Set Background from File…", "Set Background from URL…", "Remove Background"] {
                    #expect(background.contains(name), "no “\(name)” among \(background)")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "Remove Background", in: app, on: bus)
                #expect(
                    try await document.waitForSavedModel("the background is gone") { $0.background == .blank }.emojis.count
                        == original.emojis.count)
                // A submenu's item leaves the keys to the canvas: Ctrl+Z works at once.
                _ = try await AccessibleTree.waitFor("the canvas has the focus back", in: app, on: bus) { tree in
                    tree.allNodes.contains { $0.name == "Canvas" && $0.states.contains("focused") } ? true : nil
                }
                try await document.input.key("ctrl+z")
                #expect(
                    try await document.waitForSavedModel("the background is back") { $0.background == original.background }
                        .emojis.allSatisfy { $0.rotation == 15 }, "only Remove Background was undone")
            }
        }

        @Test("Set Background from URL… takes an http(s) address typed into its dialog; the file keeps it (B7)")
        func backgroundFromURL() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
                _ = try await AccessibleTree.waitFor("the main menu shows", in: app, on: bus) {
                    $0.first(role: "menu item", name: "Set Background from URL…")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "Set Background from URL…", in: app, on: bus)
                let dialog = try await app.waitForWindow(titled: "Set Background from URL")
                let input = XInput(server: app.server, window: dialog)
                let address = "http://127.0.0.1:9/missing.png"
                try await input.focus()
                try await input.xdotool(["type", "--delay", "20", address])
                try await input.key("Return")
                let saved = try await document.waitForSavedModel("the URL is the background") {
                    $0.background == .url(URL(string: address)!)
                }
                #expect(saved.emojis.count == (try document.savedModel()).emojis.count)
            }
        }

        @Test("Set Background from File… embeds the image chosen in GTK's file chooser, as one Set Background step (B7, D3)")
        func backgroundFromFile() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                let image = app.workspace.root.appendingPathComponent("green.png")
                try await ExternalCommand.runChecked("convert", ["-size", "160x90", "xc:green", image.path])
                try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
                _ = try await AccessibleTree.waitFor("the main menu shows", in: app, on: bus) {
                    $0.first(role: "menu item", name: "Set Background from File…")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "Set Background from File…", in: app, on: bus)
                let chooser = try await app.waitForWindow(titled: "Set Background from File")
                let input = XInput(server: app.server, window: chooser)
                // Typing a path that starts with "/" opens GTK's location field.
                try await input.focus()
                try await input.xdotool(["type", "--delay", "20", image.path])
                try await input.key("Return")
                let saved = try await document.waitForSavedModel("the image is the background") {
                    $0.background.imageData == (try? Data(contentsOf: image))
                }
                #expect(saved.emojis.count == (try document.savedModel()).emojis.count)
                try await document.input.key("ctrl+z")
                #expect(
                    try await document.waitForSavedModel("undo removes it") { $0.background == .blank }.emojis.count
                        == saved.emojis.count)
            }
        }
    }
}
