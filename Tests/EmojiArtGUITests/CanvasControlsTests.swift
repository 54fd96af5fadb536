import EmojiArtCore
import Foundation
import Testing

extension GUITests {
    /// What the canvas shows over itself (X4, G2): the empty canvas's page with its two ways to
    /// begin, and the zoom level with its buttons — found and pressed through AT-SPI.
    @Suite("Canvas controls", .serialized, .ownXvfbDisplay)
    struct CanvasControlsTests {
        static let empty = #"{"emojis": [], "uniqueEmojiId": 0}"#

        @Test(
            "an empty canvas offers Open… and Set Background from File…, which opens the image chooser; the page leaves with the first emoji (X4)"
        )
        func emptyCanvasPage() async throws {
            try await withAccessibleDocument({ try $0.writeDocument(named: "empty.emojiart", contents: Self.empty) }) { bus, document in
                let app = document.app
                let tree = try await AccessibleTree.waitFor("the empty canvas's buttons show", in: app, on: bus) { tree in
                    tree.first(role: "push button", name: "Set Background from File…") != nil ? tree : nil
                }
                #expect(tree.first(role: "push button", name: "Open…") != nil)
                try await Screenshot.capture(on: app.server).archive(as: "empty-canvas-page")
                try await AccessibleTree.perform("click", role: "push button", name: "Set Background from File…", in: app, on: bus)
                let chooser = try await app.waitForWindow(titled: "Set Background from File")
                try await XInput(server: app.server, window: chooser).key("Escape")
                // A palette emoji, added by its button: the page goes.
                let grinning = EmojiSearch.shared.spokenName(of: "😀")
                try await AccessibleTree.perform("click", role: "push button", name: grinning, in: app, on: bus)
                _ = try await document.waitForSavedModel("the emoji is added") { $0.emojis.count == 1 }
                _ = try await AccessibleTree.waitFor("the page's buttons are gone", in: app, on: bus) { tree in
                    tree.allNodes.contains { $0.name == "Open…" && $0.states.contains("showing") } ? nil : true
                }
            }
        }

        @Test("the zoom buttons zoom the view and show its level; the level button fits the picture again (G1, G2)")
        func zoomControls() async throws {
            try await withAccessibleExample("sunny-meadow") { bus, document in
                let app = document.app
                func level(_ tree: AccessibleNode) -> String? {
                    tree.allNodes.first { $0.role == "push button" && $0.description == "Zoom to Fit" }?.name
                }
                let start = try await AccessibleTree.waitFor("the zoom level shows", in: app, on: bus) { level($0) }
                #expect(start.hasSuffix("%"), "\(start)")
                try await AccessibleTree.perform("click", role: "push button", name: "Zoom In", in: app, on: bus)
                let zoomed = try await AccessibleTree.waitFor("the level follows Zoom In", in: app, on: bus) { tree in
                    level(tree).flatMap { $0 != start ? $0 : nil }
                }
                #expect(Int(zoomed.dropLast()) ?? 0 > Int(start.dropLast()) ?? 0, "\(start) → \(zoomed)")
                try await Screenshot.capture(on: app.server).archive(as: "zoom-controls")
                // The level button fits the picture: the same level whatever the zoom before.
                try await AccessibleTree.perform("click", role: "push button", name: zoomed, in: app, on: bus)
                let fitted = try await AccessibleTree.waitFor("the level button fits the picture", in: app, on: bus) { tree in
                    level(tree).flatMap { $0 != zoomed ? $0 : nil }
                }
                try await AccessibleTree.perform("click", role: "push button", name: "Zoom Out", in: app, on: bus)
                let zoomedOut = try await AccessibleTree.waitFor("the level follows Zoom Out", in: app, on: bus) { tree in
                    level(tree).flatMap { $0 != fitted ? $0 : nil }
                }
                #expect(Int(zoomedOut.dropLast()) ?? 0 < Int(fitted.dropLast()) ?? 0, "\(fitted) → \(zoomedOut)")
                try await AccessibleTree.perform("click", role: "push button", name: zoomedOut, in: app, on: bus)
                _ = try await AccessibleTree.waitFor("fitted again, at the same level", in: app, on: bus) { tree in
                    level(tree) == fitted ? true : nil
                }
            }
        }
    }
}
