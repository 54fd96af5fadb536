import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// The palette editor (P3) driven as a user would: an emoji dragged along the grid moves
    /// there, and the shared palettes file follows. (Alt+← / Alt+→ and Undo after a removal are
    /// Core's `PaletteEmojiEditsTests`; libadwaita 1.2's toasts are not in the accessibility tree.)
    @Suite("Palette editor", .serialized, .ownXvfbDisplay)
    struct PaletteEditorTests {
        /// The Faces palette's emojis as `palettes.json` holds them now.
        static func faces(in workspace: TestWorkspace) -> [String] {
            PaletteStore(dataDirectory: workspace.storage.dataDirectory).palettes.first?.uniqueEmojis ?? []
        }

        @Test("dragging an emoji along the editor's grid moves it there (P3)")
        func reorderByDragAndKeys() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                let workspace = app.workspace
                let faces = DefaultPalettes.all[0].uniqueEmojis
                try await AccessibleTree.perform("click", role: "push button", name: "Palette Menu", in: app, on: bus)
                _ = try await AccessibleTree.waitFor("the palette menu shows", in: app, on: bus) {
                    $0.first(role: "menu item", name: "Edit…")
                }
                try await AccessibleTree.perform("click", role: "menu item", name: "Edit…", in: app, on: bus)
                let editor = try await app.waitForWindow(titled: "Edit Faces")
                let names = faces.prefix(5).map { "Remove " + EmojiSearch.shared.spokenName(of: $0) }
                let tree = try await AccessibleTree.waitFor("the editor's emojis are laid out", in: app, on: bus) { tree in
                    names.allSatisfy { name in tree.allNodes.contains { $0.name == name && $0.frame != nil } } ? tree : nil
                }
                // AT-SPI gives the children's places in the editor window; the window's own place
                // turns them into the screen's.
                let origin = try await ExternalCommand.runChecked(
                    "xdotool", ["getwindowgeometry", "--shell", editor], extraEnvironment: app.server.environment
                ).text
                func value(_ key: String) -> Int {
                    Int(origin.split(separator: "\n").first { $0.hasPrefix(key + "=") }?.dropFirst(key.count + 1) ?? "0") ?? 0
                }
                func centre(of name: String) throws -> ScreenPoint {
                    let frame = try #require(tree.allNodes.first { $0.name == name }?.frame)
                    return ScreenPoint(x: value("X") + frame[0] + frame[2] / 2, y: value("Y") + frame[1] + frame[3] / 2)
                }
                let input = XInput(server: app.server, window: editor)
                try await input.drag(from: try centre(of: names[0]), to: try centre(of: names[4]), steps: 12)
                let dragged = Array(faces[1...4]) + [faces[0]] + Array(faces[5...])
                try await waitUntil("palettes.json has the first emoji fifth") { Self.faces(in: workspace) == dragged }
                try await Screenshot.capture(on: app.server).archive(as: "palette-editor-dragged")
            }
        }
    }
}
