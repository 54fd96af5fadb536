import EmojiArtCollab
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// The browser client and the app in one room (C11): the app's palette click appears in the
    /// page, and the page's palette click, drag and undo reach the app's window and its file.
    @Suite("The web client beside the app", .serialized, .ownXvfbDisplay)
    struct WebClientBesideAppTests {
        static let room = "webBesideApp01"

        @Test("the app's palette click appears in the page; the page's click, drag and undo reach the app's file (C11, C4)")
        func appAndPageEditTogether() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let relay = try RelayProcess(dataFolder: workspace.root.appendingPathComponent("relay"))
                    try await relay.createRoom(Self.room, registration: TestRoomKey.registration)
                    try workspace.joinedBefore(Self.room, on: relay.server)
                    let file = try workspace.writeDocument(
                        named: "shared.emojiart", contents: SharedWindows.sharedDocument(server: relay.server, room: Self.room))
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        let link = RoomLink(server: relay.server, room: Self.room, key: TestRoomKey.text)
                        let page = try await WebPageDriver(url: link.webLink)
                        defer { page.close() }
                        try await page.waitFor(
                            "window.emojiArtPage && emojiArtPage.session.isLive && emojiArtPage.displayedEmojis().length === 4")

                        // The app's palette click, found as a screen reader finds it.
                        let first = try #require(DefaultPalettes.all[0].uniqueEmojis.first)
                        let name = EmojiSearch.shared.spokenName(of: first)
                        _ = try await AccessibleTree.waitFor("the palette strip is published", in: app, on: bus) {
                            $0.first(role: "push button", name: name)
                        }
                        try await AccessibleTree.perform("click", role: "push button", name: name, in: app, on: bus)
                        try await page.waitFor("emojiArtPage.displayedEmojis().filter((e) => e.text === '\(first)').length === 2")

                        // The page's palette click (its button named as the app names the emoji).
                        try await page.evaluate("document.getElementById('palette-choice').value = '4'")
                        try await page.evaluate("document.getElementById('palette-choice').dispatchEvent(new Event('change'))")
                        let button = try #require(
                            try await page.evaluate(
                                """
                                (() => { const r = document.querySelector('#palette button[aria-label="fox"]').getBoundingClientRect();
                                  return [r.left + r.width / 2, r.top + r.height / 2]; })()
                                """) as? [Double])
                        try await page.click(button[0], button[1])
                        _ = try await document.waitForSavedModel("has the page's 🦊") { SharedWindows.emoji("🦊", in: $0) != nil }

                        // The page's drag of 🐶 (at (100, 50)) by 60 px to the right.
                        let dog = try #require(
                            try await page.evaluate(
                                """
                                (() => { const p = emojiArtPage, r = p.canvas.getBoundingClientRect();
                                  const v = p.viewport.toView({ x: 100, y: 50 }, p.size);
                                  return [r.left + v.x, r.top + v.y, p.viewport.zoom]; })()
                                """) as? [Double])
                        try await page.drag(from: (dog[0], dog[1]), to: (dog[0] + 60, dog[1]))
                        let moved = try await document.waitForSavedModel("has 🐶 where the page's drag ended") {
                            (SharedWindows.emoji("🐶", in: $0)?.position.x ?? 100) > 100
                        }
                        #expect(abs((SharedWindows.emoji("🐶", in: moved)?.position.x ?? 0) - (100 + 60 / dog[2])) < 2)

                        // The page's undo takes back its drag only: the app's emoji and the fox stay.
                        try await page.evaluate("emojiArtPage.undo()")
                        let undone = try await document.waitForSavedModel("has 🐶 back where it was") {
                            SharedWindows.emoji("🐶", in: $0)?.position == DocumentPoint(x: 100, y: 50)
                        }
                        #expect(SharedWindows.emoji("🦊", in: undone) != nil)
                        #expect(undone.emojis.filter { $0.text == first }.count == 2)
                        if let folder = ProcessInfo.processInfo.environment["EMOJIART_GUI_SCREENSHOTS"] {
                            let url = URL(fileURLWithPath: folder)
                            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                            try await page.screenshot(to: url.appendingPathComponent("web-client-beside-app.png"))
                        }
                    }
                }
            }
        }
    }
}
