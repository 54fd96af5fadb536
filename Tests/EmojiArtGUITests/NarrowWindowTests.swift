import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// X8 at a phone's size, 360 × 640, through AT-SPI: the header bar keeps Undo, the title and
    /// the primary menu (Redo stays in the menu), nothing is wider than the window, every item of
    /// the primary menu is there, and every dialog opens no wider than the window and closes.
    @Suite("Narrow window", .serialized, .ownXvfbDisplay)
    struct NarrowWindowTests {
        @Test("at 360 × 640 the header bar keeps what fits, nothing is cut off, the menu has it all, a dialog fits (X8)")
        func phoneSized() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        let wideMenu = try await Self.primaryMenuItems(in: app, on: bus)
                        try await document.input.key("Escape")
                        try await app.resize(document.window, width: 360, height: 640)
                        let tree = try await AccessibleTree.waitFor("the header bar leaves Redo to the menu", in: app, on: bus) { tree in
                            tree.first(role: "push button", name: "Redo")?.states.contains("visible") == true ? nil : tree
                        }
                        let frame = try await app.frame(of: document.window)
                        #expect(frame.width <= 360)
                        try await Screenshot.capture(on: app.server).archive(as: "narrow-window")
                        // The header bar's Undo and Main Menu, the canvas and the strip lie inside the window.
                        for (role, name) in [("push button", "Undo"), ("push button", "Main Menu"), ("filler", "Canvas")] {
                            let node = try #require(tree.first(role: role, name: name), "no \(name)")
                            let place = try #require(node.frame, "\(name) has no place")
                            #expect(
                                place[0] >= 0 && place[0] + place[2] <= frame.width, "\(name) at \(place) in a window \(frame.width) wide")
                        }
                        let strip = try #require(tree.allNodes.first { $0.role == "panel" && $0.name.hasPrefix("Palette:") }?.frame)
                        #expect(strip[0] >= 0 && strip[0] + strip[2] <= frame.width, "the palette strip at \(strip)")
                        // The primary menu still holds every item, Redo among them.
                        let narrowMenu = try await Self.primaryMenuItems(in: app, on: bus)
                        #expect(narrowMenu == wideMenu)
                        #expect(narrowMenu.contains("Redo"))
                        // A dialog opened from the narrow window is no wider than it.
                        try await AccessibleTree.perform("click", role: "menu item", name: "Browse Versions…", in: app, on: bus)
                        let panel = try await app.waitForWindow(titled: "Versions of “sunny-meadow”")
                        let panelFrame = try await app.frame(of: panel)
                        #expect(panelFrame.width <= frame.width, "Browse Versions… is \(panelFrame.width) wide")
                    }
                }
            }
        }

        @Test("at 360 × 640 every dialog opens no wider than the window and closes with Escape (X8)")
        func dialogsFit() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.copyExample("sunny-meadow")
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        try await app.resize(document.window, width: 360, height: 640)
                        _ = try await AccessibleTree.waitFor("the header bar leaves Redo to the menu", in: app, on: bus) { tree in
                            tree.first(role: "push button", name: "Redo")?.states.contains("visible") == true ? nil : tree
                        }
                        let width = try await app.frame(of: document.window).width
                        let fromMenu = { (item: String) in
                            { () async throws in
                                _ = try await Self.primaryMenuItems(in: app, on: bus)
                                try await AccessibleTree.perform("click", role: "menu item", name: item, in: app, on: bus)
                            }
                        }
                        let dialogs: [(title: String, open: () async throws -> Void)] = [
                            ("Share Document", fromMenu("Share…")),
                            ("Join Shared Document", fromMenu("Join…")),
                            ("Export Picture", { try await document.input.key("ctrl+shift+e") }),
                            ("Keyboard Shortcuts", { try await document.input.key("ctrl+question") }),
                            ("About", fromMenu("About EmojiArt")),
                            (
                                "Edit Faces",
                                {
                                    try await AccessibleTree.perform("click", role: "push button", name: "Palette Menu", in: app, on: bus)
                                    _ = try await AccessibleTree.waitFor("the palette menu is open", in: app, on: bus) {
                                        $0.first(role: "menu item", name: "Edit…")
                                    }
                                    try await AccessibleTree.perform("click", role: "menu item", name: "Edit…", in: app, on: bus)
                                }
                            ),
                        ]
                        for (title, open) in dialogs {
                            try await open()
                            let dialog = try await app.waitForWindow(titled: title)
                            // Export's file chooser is the system's (the desktop portal's on GNOME and on
                            // Phosh, which fits it to the phone); without a portal here GTK's own
                            // stand-in opens at the size it remembers.
                            if title != "Export Picture" {
                                let frame = try await app.frame(of: dialog)
                                // libadwaita's About window is 360 px wide at least, and without a window
                                // manager its X window adds GTK's shadow, 5 px a side, around it.
                                let allowance = title == "About" ? 10 : 0
                                #expect(frame.width <= width + allowance, "“\(title)” is \(frame.width) wide in a window \(width) wide")
                            }
                            try await Screenshot.capture(on: app.server).archive(
                                as: "narrow-\(title.lowercased().replacingOccurrences(of: " ", with: "-"))")
                            try await XInput(server: app.server, window: dialog).key("Escape")
                            try await waitUntil("“\(title)” closes with Escape", timeout: .seconds(20)) {
                                !(try await app.visibleWindows()).contains(dialog)
                            }
                        }
                    }
                }
            }
        }

        /// Opens the primary menu and returns its items' names (it stays open).
        static func primaryMenuItems(in app: AppUnderTest, on bus: AccessibilityBus) async throws -> [String] {
            try await AccessibleTree.perform("click", role: "push button", name: "Main Menu", in: app, on: bus)
            return try await AccessibleTree.waitFor("the main menu is open", in: app, on: bus) { tree in
                let names = tree.names(ofRole: "menu item")
                return names.contains("Browse Versions…") ? names : nil
            }
        }
    }
}
