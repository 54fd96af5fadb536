import EmojiArtCollab
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Share…, Join… and Stop Sharing as a person uses them (C2), in two app processes with their
    /// own HOME and XDG folders and one relay: the menus opened with F10 and their items, the
    /// dialogs' buttons pressed through AT-SPI; the link is read from the clipboard by xclip, the
    /// way it would be pasted into a chat, and taken apart with `RoomLink` (its printed form is
    /// the app's to choose).
    @Suite("Share… and Join…", .serialized, .ownXvfbDisplay)
    struct ShareJoinTests {
        static let art = #"""
            {"background": {}, "emojis": [
              {"text": "😀", "x": 0, "y": 0, "size": 40, "id": 1},
              {"text": "🐶", "x": 100, "y": 50, "size": 40, "id": 2},
              {"text": "🐱", "x": -80, "y": 30, "size": 40, "id": 3}], "uniqueEmojiId": 3}
            """#
        static let empty = #"{"background": {}, "emojis": [], "uniqueEmojiId": 0}"#

        /// F10 on `document`'s window, then the item `name` of the primary menu through AT-SPI.
        static func chooseFromMainMenu(_ name: String, in document: OpenDocument, on bus: AccessibilityBus) async throws {
            try await document.input.key("F10")
            _ = try await AccessibleTree.waitFor("the main menu shows “\(name)”", in: document.app, on: bus) {
                $0.first(role: "menu item", name: name)
            }
            try await AccessibleTree.perform("click", role: "menu item", name: name, in: document.app, on: bus)
        }

        /// Presses the dialog button labelled `label` through AT-SPI. (GTK 4.8 names an
        /// AdwMessageDialog's response buttons with their label twice, the mnemonic's underscore
        /// left in: "_Copy Link Copy Link"; a plain "Copy Link" is taken too.)
        static func pressDialogButton(_ label: String, in app: AppUnderTest, on bus: AccessibilityBus) async throws {
            let button = try await AccessibleTree.waitFor("the dialog offers “\(label)”", in: app, on: bus) { tree in
                tree.allNodes.first { $0.role == "push button" && $0.name.replacingOccurrences(of: "_", with: "").hasPrefix(label) }
            }
            try await AccessibleTree.perform("click", role: "push button", name: button.name, in: app, on: bus)
        }

        /// In the Document Shared dialog: the web link (C11) shown as `entryName`, copied with
        /// its own Copy button `button` (which leaves the dialog open); what the clipboard then holds.
        static func copyWebLink(_ entryName: String, pressing button: String, in app: AppUnderTest, on bus: AccessibilityBus)
            async throws -> String
        {
            _ = try await AccessibleTree.waitFor("the dialog shows the \(entryName)", in: app, on: bus) {
                $0.first(role: "text", name: entryName)
            }
            try await pressDialogButton(button, in: app, on: bus)
            return try await waitFor("the clipboard holds the \(entryName)") { () -> String? in
                let text = try await clipboardText(on: app.server)
                return text.hasPrefix("http") ? text : nil
            }
        }

        /// Share… in `document`'s window, with the relay's "host:port" typed (taken as ws://host:port).
        static func share(
            _ document: OpenDocument, in app: AppUnderTest, through relay: RelayProcess, as name: String? = nil, on bus: AccessibilityBus
        ) async throws {
            try await chooseFromMainMenu("Share…", in: document, on: bus)
            if let name {
                _ = try await app.waitForWindow(titled: "Share Document")
                try await AccessibleTree.setText(name, role: "text", name: "Your name", in: app, on: bus)
            }
            try await typeServer(String(relay.server.dropFirst("ws://".count)), in: app, on: bus)
        }

        /// In the Share Document dialog: opens the Sharing Server disclosure, types `server` into
        /// its address and presses Return (which Shares).
        static func typeServer(_ server: String, in app: AppUnderTest, on bus: AccessibilityBus) async throws {
            let ask = XInput(server: app.server, window: try await app.waitForWindow(titled: "Share Document"))
            _ = try await AccessibleTree.waitFor("the dialog offers the Sharing Server disclosure", in: app, on: bus) {
                $0.allNodes.first { $0.name == "Sharing Server" }
            }
            if try await AccessibleTree.read(app, on: bus).first(role: "text", name: "Sharing server address") == nil {
                // The focus is in the name entry, just after the disclosure: Shift+Tab, Space opens it.
                try await ask.key("shift+Tab", "space")
                _ = try await AccessibleTree.waitFor("the disclosure opens", in: app, on: bus) {
                    $0.first(role: "text", name: "Sharing server address")
                }
            }
            try await AccessibleTree.setText(server, role: "text", name: "Sharing server address", in: app, on: bus)
            try await ask.key("Return")
        }

        /// Join… from `document`'s window with `link` typed; the window it opens.
        static func join(_ link: String, from document: OpenDocument, in app: AppUnderTest, on bus: AccessibilityBus) async throws
            -> OpenDocument
        {
            try await chooseFromMainMenu("Join…", in: document, on: bus)
            let join = XInput(server: app.server, window: try await app.waitForWindow(titled: "Join Shared Document"))
            try await join.focus()
            try await join.xdotool(["type", "--delay", "20", link])
            try await join.key("Return")
            // The sharer's document is art.emojiart: the new window is titled by its name (C2).
            return try await OpenDocument.waitForJoinedWindow(named: "art", in: app)
        }

        /// What the X clipboard holds as text, read by another process.
        static func clipboardText(on server: XvfbServer) async throws -> String {
            try await waitFor("the clipboard holds text") {
                let output = try await ExternalCommand.run(
                    "xclip", ["-selection", "clipboard", "-out"], extraEnvironment: server.environment, timeout: .seconds(5))
                let text = output.text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard output.status == 0, !text.isEmpty else { throw NotYet("xclip: \(output.standardError)") }
                return text
            }
        }

        @Test(
            "a document naming a relay this user has not used asks before connecting; Stay Offline connects nowhere, Connect joins the room (C10)"
        )
        func unknownRelayAsksFirst() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let relay = try RelayProcess(dataFolder: workspace.root.appendingPathComponent("relay"))
                    try await relay.createRoom(SharedWindows.room, registration: TestRoomKey.registration)
                    // The key is here (an earlier join), the relay is not known: a copy of the file
                    // from elsewhere naming another relay looks like this.
                    try workspace.storeRoomKey(TestRoomKey.text, for: SharedWindows.room, relay: relay.server)
                    let file = try workspace.writeDocument(
                        named: "from-the-web.emojiart", contents: SharedWindows.sharedDocument(server: relay.server))
                    let members = relay.dataFolder.appendingPathComponent("rooms/\(SharedWindows.room)/clients.jsonl")
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        _ = try await app.waitForWindow(titled: "Connect to the Relay?")
                        let a = try await OpenDocument.waitForWindow(of: file, in: app)
                        let question = try await a.screenshot()
                        try await question.archive(as: "connect-to-relay-question")
                        #expect(!FileManager.default.fileExists(atPath: members.path), "nothing connected while the question waits")
                        try await Self.pressDialogButton("Stay Offline", in: app, on: bus)
                        try await a.expectNothingWritten(at: members, for: .seconds(2))
                    }
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        _ = try await app.waitForWindow(titled: "Connect to the Relay?")
                        try await Self.pressDialogButton("Connect", in: app, on: bus)
                        try await waitFor("the relay admitted the window as a member") {
                            guard FileManager.default.fileExists(atPath: members.path) else { throw NotYet("no member yet") }
                        }
                    }
                    // Agreed once: the next opening connects without asking.
                    #expect(CollabStorage(locations: workspace.storage).knownRelays.contains(relay.server))
                }
            }
        }

        @Test("a Share… that fails comes back with the address typed and the reason under it (C2)")
        func failedShareKeepsTheAddress() async throws {
            try await withAccessibilityBus { bus in
                try await withWorkspace { workspace in
                    let file = try workspace.writeDocument(named: "art.emojiart", contents: Self.art)
                    try await withApp(in: workspace, arguments: [file.path], extraEnvironment: bus.environment) { app in
                        let document = try await OpenDocument.waitForWindow(of: file, in: app)
                        try await Self.chooseFromMainMenu("Share…", in: document, on: bus)
                        let first = try await app.waitForWindow(titled: "Share Document")
                        // Nothing listens on port 9 here: the connection is refused at once.
                        try await Self.typeServer("127.0.0.1:9", in: app, on: bus)
                        _ = try await waitFor("the Share dialog comes back") { () -> String? in
                            for window in try await app.visibleWindows() where window != first {
                                if try await app.title(of: window) == "Share Document" { return window }
                            }
                            return nil
                        }
                        let reason = try await AccessibleTree.waitFor("the reason shows under the address", in: app, on: bus) { tree in
                            tree.allNodes.first { $0.role == "label" && $0.name.contains("127.0.0.1:9") }
                        }
                        try await Screenshot.capture(on: app.server).archive(as: "share-failed-again")
                        #expect(!reason.name.isEmpty)
                    }
                }
            }
        }

        @Test(
            "Share… asks for a relay and shows the links, Copy Web Link and Copy Edit Link put them on the clipboard; Join… with the web link opens the document in a new window; Stop Sharing leaves the room (C2, C11)"
        )
        func shareJoinAndStop() async throws {
            // A bus for each app: two EmojiArt processes on one session bus would be one application.
            try await withAccessibilityBus { bus in
                try await withAccessibilityBus { secondBus in
                    try await withWorkspace { first in
                        try await withWorkspace { second in
                            let relay = try RelayProcess(dataFolder: first.root.appendingPathComponent("relay"))
                            let artFile = try first.writeDocument(named: "art.emojiart", contents: Self.art)
                            let mineFile = try second.writeDocument(named: "mine.emojiart", contents: Self.empty)
                            try await withApp(in: first, arguments: [artFile.path], name: "sharer", extraEnvironment: bus.environment) {
                                sharer in
                                let a = try await OpenDocument.waitForWindow(of: artFile, in: sharer)
                                try await Self.share(a, in: sharer, through: relay, as: "Grace Hopper", on: bus)
                                _ = try await sharer.waitForWindow(titled: "Document Shared")
                                _ = try await AccessibleTree.waitFor("the link’s dialog shows the link", in: sharer, on: bus) {
                                    $0.first(role: "text", name: "Edit link")
                                }
                                let preferences = first.storage.stateDirectory.appendingPathComponent(EditorPreferences.fileName)
                                #expect(
                                    EditorPreferences.load(from: first.storage.stateDirectory).displayName == "Grace Hopper",
                                    "the name given is kept: \((try? String(contentsOf: preferences, encoding: .utf8)) ?? "no file")")
                                let web = try await Self.copyWebLink("Web edit link", pressing: "Copy Web Link", in: sharer, on: bus)
                                _ = try await AccessibleTree.waitFor("the Copy button says Copied", in: sharer, on: bus) {
                                    $0.allNodes.first { $0.role == "push button" && $0.name.hasPrefix("Copied") }
                                }
                                #expect(web.hasPrefix("http://127.0.0.1:\(relay.port)/r/"), "C11's web link: \(web)")
                                let shot = try await Screenshot.capture(on: sharer.server)
                                try await shot.archive(as: "share-link-dialog")
                                try await Self.pressDialogButton("Copy Edit Link", in: sharer, on: bus)
                                let text = try await waitFor("the clipboard holds the edit link") { () -> String? in
                                    let text = try await Self.clipboardText(on: sharer.server)
                                    return text.hasPrefix("emojiart://") ? text : nil
                                }
                                let link = try RoomLink(parsing: text)
                                #expect(try RoomLink(parsing: web) == link, "the web link names the same relay, room and key")
                                #expect(link.server == relay.server)
                                #expect(link.key != nil, "the link carries the room’s key (C7)")
                                // The keyboard focus went back to the menu button: a click on empty canvas
                                // gives it to the canvas, whose keys nudge later.
                                try await a.input.click(at: a.canvas.screenPoint(for: DocumentPoint(x: -200, y: -150)))
                                let shared = try await a.waitForSavedModel("names its room") { $0.collab?.room == link.room }
                                #expect(shared.collab?.server == relay.server)
                                #expect(
                                    !String(decoding: try Data(contentsOf: artFile), as: UTF8.self).contains(link.key ?? "-"),
                                    "the key is not in the file")

                                try await withApp(
                                    in: second, arguments: [mineFile.path], name: "joiner", extraEnvironment: secondBus.environment
                                ) { joiner in
                                    let mine = try await OpenDocument.waitForWindow(of: mineFile, in: joiner)
                                    // Join… takes the web link as well as the app's (C11).
                                    let window = try await Self.join(web, from: mine, in: joiner, on: secondBus)
                                    let draft = try await second.waitForDraft("holds the shared document") { model in
                                        model.emojis.map(\.text) == ["😀", "🐶", "🐱"] && model.collab?.room == link.room
                                    }
                                    let b = window.withDraft(draft)
                                    // The sharer shows in the joiner's header by the name they gave (C5).
                                    _ = try await AccessibleTree.waitFor(
                                        "the sharer shows by the name they gave", in: joiner, on: secondBus
                                    ) {
                                        $0.allNodes.first { $0.name == "Grace Hopper" }
                                    }
                                    // Join… again with the same link brings that window forward
                                    // instead of opening a second one on the room (C2).
                                    let windows = try await waitFor("the joiner's windows are listed") { () -> Int? in
                                        let shown = try await joiner.visibleWindows()
                                        return shown.isEmpty ? nil : shown.count
                                    }
                                    try await Self.chooseFromMainMenu("Join…", in: mine, on: secondBus)
                                    let again = try await joiner.waitForWindow(titled: "Join Shared Document")
                                    let input = XInput(server: joiner.server, window: again)
                                    try await input.focus()
                                    try await input.xdotool(["type", "--delay", "20", web])
                                    try await input.key("Return")
                                    // The window opens within the dialog's answer, before the dialog is gone.
                                    // (xdotool may find no window at all for a moment while one unmaps.)
                                    let after = try await waitFor("the Join dialog closes") { () -> [String]? in
                                        let shown = try await joiner.visibleWindows()
                                        return shown.isEmpty || shown.contains(again) ? nil : shown
                                    }
                                    #expect(after.count == windows, "no second window on the room: \(after)")
                                    let joinedShot = try await b.settledScreenshot()
                                    try await joinedShot.archive(as: "join-new-window")

                                    // Live both ways.
                                    try await a.input.key("Tab", "Right")
                                    _ = try await b.waitForSavedModel("has A's nudge") { SharedWindows.emoji("😀", in: $0)?.position.x == 1 }

                                    // Stop Sharing in the joined window: asked first, then the file is an
                                    // ordinary document that no longer follows the room.
                                    try await Self.chooseFromMainMenu("Stop Sharing", in: b, on: secondBus)
                                    _ = try await joiner.waitForWindow(titled: "Stop Sharing?")
                                    let question = try await b.screenshot()
                                    try await question.archive(as: "stop-sharing-question")
                                    try await Self.pressDialogButton("Stop Sharing", in: joiner, on: secondBus)
                                    let left = try await b.waitForSavedModel("no longer names the room") { $0.collab == nil }
                                    #expect(left.emojis.count == 3, "the content stays")
                                    // This client's outbox and replica of the room go with it.
                                    let journal = try FileOutboxJournal(
                                        folder: CollabStorage(locations: second.storage).journalFolder, room: link.room)
                                    #expect(!FileManager.default.fileExists(atPath: journal.url.path))
                                    #expect(ReplicaFile(besides: journal).load() == nil)
                                    try await a.input.key("Right")
                                    _ = try await a.waitForSavedModel("has A's second nudge") {
                                        SharedWindows.emoji("😀", in: $0)?.position.x == 2
                                    }
                                    try await b.expectSavedModelStays("keeps 😀 where it was when it left", for: .seconds(1)) {
                                        SharedWindows.emoji("😀", in: $0)?.position.x == 1
                                    }
                                    let leftShot = try await b.screenshot()
                                    try await leftShot.archive(as: "stopped-sharing")
                                }
                            }
                        }
                    }
                }
            }
        }

        @Test(
            "C12: Share… also offers a view link; a window joined with it says View Only, its edits change nothing, and the sharer's edits reach it"
        )
        func viewLinkJoinsReadOnly() async throws {
            try await withAccessibilityBus { bus in
                try await withAccessibilityBus { secondBus in
                    try await withWorkspace { first in
                        try await withWorkspace { second in
                            let relay = try RelayProcess(dataFolder: first.root.appendingPathComponent("relay"))
                            let artFile = try first.writeDocument(named: "art.emojiart", contents: Self.art)
                            let mineFile = try second.writeDocument(named: "mine.emojiart", contents: Self.empty)
                            try await withApp(in: first, arguments: [artFile.path], name: "sharer", extraEnvironment: bus.environment) {
                                sharer in
                                let a = try await OpenDocument.waitForWindow(of: artFile, in: sharer)
                                try await Self.share(a, in: sharer, through: relay, on: bus)
                                _ = try await AccessibleTree.waitFor("the dialog shows the view link", in: sharer, on: bus) {
                                    $0.first(role: "text", name: "View link")
                                }
                                let web = try await Self.copyWebLink("Web view link", pressing: "Copy Web View Link", in: sharer, on: bus)
                                #expect(try RoomLink(parsing: web).isViewLink, "the web view link carries the view key: \(web)")
                                let shot = try await a.screenshot()
                                try await shot.archive(as: "share-links-dialog")
                                try await Self.pressDialogButton("Copy View Link", in: sharer, on: bus)
                                let text = try await waitFor("the clipboard holds the view link") { () -> String? in
                                    let text = try await Self.clipboardText(on: sharer.server)
                                    return text.hasPrefix("emojiart://") ? text : nil
                                }
                                let link = try RoomLink(parsing: text)
                                #expect(link.isViewLink, "the view link’s key: \(link.key?.count ?? 0) characters")
                                #expect(try RoomLink(parsing: web) == link)
                                try await a.input.click(at: a.canvas.screenPoint(for: DocumentPoint(x: -200, y: -150)))
                                _ = try await a.waitForSavedModel("names its room") { $0.collab?.room == link.room }

                                try await withApp(
                                    in: second, arguments: [mineFile.path], name: "viewer", extraEnvironment: secondBus.environment
                                ) { viewer in
                                    let mine = try await OpenDocument.waitForWindow(of: mineFile, in: viewer)
                                    let window = try await Self.join(text, from: mine, in: viewer, on: secondBus)
                                    let draft = try await second.waitForDraft("holds the shared document") { model in
                                        model.emojis.map(\.text) == ["😀", "🐶", "🐱"] && model.collab?.room == link.room
                                    }
                                    let b = window.withDraft(draft)
                                    _ = try await AccessibleTree.waitFor("the header says View Only", in: viewer, on: secondBus) {
                                        $0.allNodes.first { $0.name.hasPrefix("Room: View Only") }
                                    }
                                    let viewShot = try await b.settledScreenshot()
                                    try await viewShot.archive(as: "view-only-window")
                                    // The sharer's nudge arrives; the viewer's own select-and-nudge changes nothing.
                                    try await a.input.key("Tab", "Right")
                                    _ = try await b.waitForSavedModel("has A's nudge") { SharedWindows.emoji("😀", in: $0)?.position.x == 1 }
                                    try await b.input.click(at: b.canvas.screenPoint(for: DocumentPoint(x: -200, y: -150)))
                                    try await b.input.key("Tab", "Right", "Delete")
                                    try await a.expectSavedModelStays("has nothing of the viewer's", for: .seconds(1)) {
                                        SharedWindows.emoji("😀", in: $0)?.position.x == 1 && $0.emojis.count == 3
                                    }
                                    try await b.expectSavedModelStays("shows the room as it is", for: .seconds(1)) {
                                        SharedWindows.emoji("😀", in: $0)?.position.x == 1 && $0.emojis.count == 3
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
