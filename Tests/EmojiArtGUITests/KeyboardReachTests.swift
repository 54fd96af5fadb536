import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// Every verb is reachable without a pointer (SPEC A2), driven by keys only and checked
    /// through AT-SPI as Orca reads it: each action of Core's `KeyboardAccess` list that goes
    /// through a menu is an item of the menu its key opens (F10, Shift+F10 and Menu on the
    /// canvas, Tab and Enter on the Palette Menu button), and a palette emoji is added by Tab
    /// and Enter or Space.
    @Suite("Keyboard reach", .serialized, .ownXvfbDisplay)
    struct KeyboardReachTests {
        /// The menu label of each action whose path is a menu, as the English menus say it.
        static let labels: [String: String] = {
            var labels = [
                "app.new": "New Window", "app.open": "Open…", "app.quit": "Quit", "app.shortcuts": "Keyboard Shortcuts",
                "app.about": "About EmojiArt", "win.save": "Save", "win.save-as": "Save As…", "win.export": "Export…",
                "win.print": "Print…", "win.browse-versions": "Browse Versions…", "win.close": "Close Window", "win.zoom-in": "Zoom In",
                "win.zoom-out": "Zoom Out",
                "win.edit-palette": "Edit…", "win.new-palette": "New", "win.delete-palette": "Delete…",
                "win.manage-palettes": "Manage…", "win.go-to-palette": "Go To", "app.join": "Join…", "win.share": "Share…",
                "win.stop-sharing": "Stop Sharing", "app.snap-to-objects": "Snap to Objects",
            ]
            for command in CanvasCommand.allCases { labels["win." + command.actionName] = command.label }
            return labels
        }()

        /// The labels of the actions `KeyboardAccess` says `path` reaches.
        static func labels(reachedBy path: KeyboardAccess.Path) -> [String] {
            KeyboardAccess.actions.filter { $0.value.contains(path) }.keys.sorted().map { labels[$0] ?? "no label for \($0)" }
        }

        /// The menu items on screen now.
        static func shownMenuItems(_ tree: AccessibleNode) -> [String] {
            tree.allNodes.filter { $0.role == "menu item" }.map(\.name)
        }

        static func focused(_ tree: AccessibleNode) -> AccessibleNode? {
            tree.allNodes.last { $0.states.contains("focused") }
        }

        /// Presses `key` and waits until the keyboard focus has moved off `from`; returns where it went.
        static func moveFocus(_ key: String, from: String, in document: OpenDocument, on bus: AccessibilityBus) async throws
            -> AccessibleNode
        {
            try await document.input.key(key)
            return try await AccessibleTree.waitFor("\(key) moves the focus off \(from)", in: document.app, on: bus) { tree in
                guard let node = focused(tree), node.summary != from else { return nil }
                return node
            }
        }

        /// Presses `key`, waits for the menu it opens, and returns its items; Escape closes it.
        static func openMenu(
            with key: String, awaiting item: String, submenus: [(name: String, item: String)] = [], in document: OpenDocument,
            on bus: AccessibilityBus
        ) async throws -> [String] {
            try await document.input.key(key)
            var items = try await AccessibleTree.waitFor("\(key) opens a menu showing “\(item)”", in: document.app, on: bus) { tree in
                let items = shownMenuItems(tree)
                return items.contains(item) ? items : nil
            }
            for (index, submenu) in submenus.enumerated() {
                if index > 0 {
                    // The menu again, for its next submenu.
                    try await closeMenus(in: document, on: bus)
                    try await document.input.key(key)
                    _ = try await AccessibleTree.waitFor("\(key) opens the menu again", in: document.app, on: bus) { tree in
                        shownMenuItems(tree).contains(item) ? true : nil
                    }
                }
                // A submenu slides in over its menu: its items are read once it has.
                try await AccessibleTree.perform("click", role: "menu item", name: submenu.name, in: document.app, on: bus)
                items += try await AccessibleTree.waitFor("“\(submenu.name)” opens", in: document.app, on: bus) { tree in
                    let shown = shownMenuItems(tree)
                    return shown.contains(submenu.item) ? shown : nil
                }
            }
            try await closeMenus(in: document, on: bus)
            return items
        }

        /// Escape until no menu shows (a submenu takes one Escape back to its menu).
        static func closeMenus(in document: OpenDocument, on bus: AccessibilityBus) async throws {
            for _ in 0..<3 {
                try await document.input.key("Escape")
                let closed = try? await AccessibleTree.waitFor("Escape closes the menu", in: document.app, on: bus) { tree in
                    shownMenuItems(tree).isEmpty ? true : nil
                }
                if closed != nil { return }
            }
            _ = try await AccessibleTree.waitFor("the menus close", in: document.app, on: bus) { tree in
                shownMenuItems(tree).isEmpty ? true : nil
            }
        }

        /// One emoji and one locked on an embedded 1×1 PNG: the menus then offer Remove Background
        /// and Unlock All too.
        static let tree = #"""
            {"background": {"imageData": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="},
             "emojis": [{"text": "🌲", "x": 0, "y": 0, "size": 40, "id": 1},
                        {"text": "🌳", "x": 100, "y": 0, "size": 40, "id": 2, "locked": true}], "uniqueEmojiId": 2}
            """#

        /// `tree` with a group of two more: Select All then holds two things, one a group, so the
        /// context menu offers both Group and Ungroup.
        static let treeWithGroup = tree.replacingOccurrences(
            of: #""locked": true}],"#,
            with: #""locked": true}, {"text": "🌼", "x": 200, "y": 0, "size": 40, "id": 3, "group": "g"}, "#
                + #"{"text": "🌻", "x": 250, "y": 0, "size": 40, "id": 4, "group": "g"}],"#
        ).replacingOccurrences(of: #""uniqueEmojiId": 2"#, with: #""uniqueEmojiId": 4"#)

        @Test("F10, Shift+F10 and Menu open the menus, which hold every menu path of KeyboardAccess; no action lacks a path (A2)")
        func menusHoldEveryAction() async throws {
            #expect(Self.treeWithGroup.contains("🌻"))
            try await withAccessibleDocument({ try $0.writeDocument(named: "tree.emojiart", contents: Self.treeWithGroup) }) {
                bus, document in
                let app = document.app
                try await document.input.focus()  // the X input focus: GTK marks no widget focused before
                _ = try await AccessibleTree.waitFor("the canvas has the focus", in: app, on: bus) { tree in
                    Self.focused(tree)?.name == "Canvas" ? true : nil
                }
                // The context menu over the empty canvas, then over the selection (its Arrange
                // submenu opened through AT-SPI last: the focus then stays in the closed menu).
                let canvasItems = try await Self.openMenu(
                    with: "Menu", awaiting: CanvasCommand.setBackgroundFromURL.label, in: document, on: bus)
                _ = try await AccessibleTree.waitFor("the canvas has the focus back", in: app, on: bus) { tree in
                    Self.focused(tree)?.name == "Canvas" ? true : nil
                }
                try await document.input.key("ctrl+a")
                let emojiItems = try await Self.openMenu(
                    with: "shift+F10", awaiting: CanvasCommand.flipHorizontally.label,
                    submenus: [("Arrange", CanvasCommand.alignLeft.label)], in: document, on: bus)
                for label in Self.labels(reachedBy: .contextMenu) {
                    #expect(
                        emojiItems.contains(label) || canvasItems.contains(label),
                        "the context menu lacks “\(label)”: \(emojiItems) \(canvasItems)")
                }
                let mainItems = try await Self.openMenu(
                    with: "F10", awaiting: "About EmojiArt",
                    submenus: [
                        ("Arrange", CanvasCommand.alignLeft.label), ("Background", CanvasCommand.removeBackground.label),
                        ("View", "Snap to Objects"),
                    ], in: document, on: bus)
                for label in Self.labels(reachedBy: .mainMenu) {
                    #expect(mainItems.contains(label), "the main menu lacks “\(label)”: \(mainItems)")
                }
                #expect(!app.standardError.contains("has no keyboard path"), "\(app.standardError)")
            }
        }

        @Test("Tab reaches the palette strip: Enter and Space add emojis, Enter on Palette Menu opens its menu (A2, P1, P2)")
        func paletteByKeyboard() async throws {
            try await withAccessibleDocument({ try $0.writeDocument(named: "tree.emojiart", contents: Self.tree) }) { bus, document in
                let app = document.app
                let faces = DefaultPalettes.all[0].uniqueEmojis
                // Emoji buttons are named by the emojis' names, loaded just after the launch (F1).
                let names = faces.prefix(2).map { EmojiSearch.shared.spokenName(of: $0) }
                _ = try await AccessibleTree.waitFor("the strip's emojis are named", in: app, on: bus) {
                    $0.first(role: "push button", name: names[0])
                }
                try await document.input.focus()
                var node = try await AccessibleTree.waitFor("the canvas has the focus", in: app, on: bus) { tree in
                    Self.focused(tree).flatMap { $0.name == "Canvas" ? $0 : nil }
                }
                // Tab steps through the canvas's one selectable emoji (the other is locked), then
                // leaves it for the palette bar.
                var passedPaletteMenu = false
                for _ in 0..<12 where !(node.role == "push button" && node.name == names[0]) {
                    node = try await Self.moveFocus("Tab", from: node.summary, in: document, on: bus)
                    if node.name == "Palette Menu" { passedPaletteMenu = true }
                }
                #expect(node.role == "push button" && node.name == names[0], "Tab never reached \(names[0]); last \(node.summary)")
                #expect(passedPaletteMenu, "Tab passed by the Palette Menu button")
                try await document.input.key("Return")
                let next = try await Self.moveFocus("Tab", from: node.summary, in: document, on: bus)
                #expect(next.name == names[1], "\(next.summary)")
                try await document.input.key("space")
                let saved = try await document.waitForSavedModel("holds the two emojis Enter and Space added") { $0.emojis.count == 4 }
                #expect(saved.emojis.map(\.text) == ["🌲", "🌳", faces[0], faces[1]], "\(saved.emojis.map(\.text))")

                // Back to the Palette Menu button: Enter opens the palette menu.
                node = next
                for _ in 0..<6 where node.name != "Palette Menu" {
                    node = try await Self.moveFocus("shift+Tab", from: node.summary, in: document, on: bus)
                }
                #expect(node.name == "Palette Menu", "\(node.summary)")
                let items = try await Self.openMenu(with: "Return", awaiting: "Manage…", in: document, on: bus)
                for label in Self.labels(reachedBy: .paletteMenu) {
                    #expect(items.contains(label), "the palette menu lacks “\(label)”: \(items)")
                }
            }
        }
    }
}
