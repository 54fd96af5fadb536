import EmojiArtCollab
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Editing together as people see it (C3, C5, C6): others' pointers, selections and drags in
    /// progress in the other process's window; the header bar's connection state and people read
    /// through AT-SPI as Orca would; a room the relay lost made again by the file that names it.
    @Suite("Editing together: presence, live drags, connection state", .serialized, .ownXvfbDisplay)
    struct LiveSharingTests {
        /// GNOME's palette, the colours participants get (the app's ParticipantColours).
        static let participantColours: [RGB] = [
            RGB(red: 0x1c, green: 0x71, blue: 0xd8), RGB(red: 0x2e, green: 0xc2, blue: 0x7e), RGB(red: 0xe5, green: 0xa5, blue: 0x0a),
            RGB(red: 0xe6, green: 0x61, blue: 0x00), RGB(red: 0xc0, green: 0x1c, blue: 0x28), RGB(red: 0x81, green: 0x3d, blue: 0x9c),
            RGB(red: 0x86, green: 0x5e, blue: 0x3c), RGB(red: 0x3d, green: 0x38, blue: 0x46),
        ]

        static func isColour(_ pixel: RGB, _ colour: RGB) -> Bool {
            abs(Int(pixel.red) - Int(colour.red)) <= 6 && abs(Int(pixel.green) - Int(colour.green)) <= 6
                && abs(Int(pixel.blue) - Int(colour.blue)) <= 6
        }

        static func participantColour(_ pixel: RGB) -> RGB? {
            participantColours.first { isColour(pixel, $0) }
        }

        /// Emoji ink on the white canvas (as `drawnBox` counts it).
        static func isInk(_ pixel: RGB) -> Bool { pixel.luminance < 240 || pixel.chroma > 24 }

        @Test(
            "others' pointer and selection show in their colour with their name; their drag shows live, and only where it ends is stored (C3, C5)"
        )
        func presenceAndLiveDrag() async throws {
            try await SharedWindows.with { room in
                let (a, b) = (room.a, room.b)
                // A selects 😀 (first in drawing order) and rests its pointer on empty canvas in
                // the part of its window that B's does not cover.
                try await a.input.key("Tab")
                let pointer = DocumentPoint(x: -200, y: -60)
                let onA = a.canvas.screenPoint(for: pointer)
                try await a.input.xdotool([
                    "mousemove", "\(onA.x - 30)", "\(onA.y)", "sleep", "0.06", "mousemove", "\(onA.x - 15)", "\(onA.y)",
                    "sleep", "0.06", "mousemove", "\(onA.x)", "\(onA.y)",
                ])
                let onB = b.canvas.screenPoint(for: pointer)
                let smile = try #require(SharedWindows.emoji("😀", in: try b.savedModel()))
                let ring = b.canvas.screenRect(around: smile, margin: 12)
                var colour: RGB?
                let shot = try await b.waitForScreenshot("B shows A's pointer with its name tag and A's selection of 😀") { shot in
                    // Inside the arrow, and on the name tag (left of the name's text).
                    guard let arrow = Self.participantColour(shot[onB.x + 2, onB.y + 9]),
                        Self.isColour(shot[onB.x + 13, onB.y + 16], arrow)
                    else { throw NotYet("no pointer at \(onB): \(shot[onB.x + 2, onB.y + 9])") }
                    colour = arrow
                    let framePixels = shot.count(in: ring) { Self.isColour($0, arrow) }
                    guard framePixels > 60 else { throw NotYet("\(framePixels) pixels of A's colour around 😀") }
                    return true
                }
                try await shot.archive(as: "sharing-presence-in-b")
                // The tag holds the name: ink of another colour inside it (black or white text).
                let shown = try #require(colour)
                let tagInside = ScreenRect(x: onB.x + 16, y: onB.y + 17, width: 12, height: 10)
                #expect(shot.count(in: tagInside) { !Self.isColour($0, shown) } > 10, "no name on the tag")
                #expect(shot.count(in: b.canvas.frame) { Self.isColour($0, shown) } > 150)

                // Escape clears A's selection, and B shows that without A's mouse moving (C5:
                // presence follows every change of the selection, whatever made it).
                try await a.input.key("Escape")
                _ = try await b.waitForScreenshot("B no longer shows A's selection of 😀") { shot in
                    let framePixels = shot.count(in: ring) { Self.isColour($0, shown) }
                    guard framePixels < 10 else { throw NotYet("\(framePixels) pixels of A's colour still around 😀") }
                    return true
                }

                // A drags 🌵 up by 90 pt and holds it.
                let cactus = try #require(SharedWindows.emoji("🌵", in: try b.savedModel()))
                let start = a.canvas.screenPoint(for: SharedWindows.cactus)
                var drag = ["mousemove", "\(start.x)", "\(start.y)", "mousedown", "1"]
                for step in 1...9 { drag += ["sleep", "0.03", "mousemove", "\(start.x)", "\(start.y - 10 * step)"] }
                try await a.input.focus()
                try await a.input.xdotool(drag)
                let ended = DocumentPoint(x: SharedWindows.cactus.x, y: SharedWindows.cactus.y - 90)
                var movedCactus = cactus
                movedCactus.position = ended
                let original = b.canvas.screenRect(around: cactus, margin: 0)
                let moved = b.canvas.screenRect(around: movedCactus, margin: 0)
                let live = try await b.waitForScreenshot("B shows 🌵 where A holds it") { shot in
                    let left = shot.count(in: original, where: Self.isInk)
                    let arrived = shot.count(in: moved, where: Self.isInk)
                    guard left < 20, arrived > 200 else {
                        throw NotYet("\(left) ink pixels left at 🌵's place, \(arrived) where A holds it")
                    }
                    return true
                }
                try await live.archive(as: "sharing-live-drag-in-b")
                // Nothing of the drag is stored while A holds it: B's file keeps 🌵 where it was
                // (before, a mid-drag autosave stored a position nobody committed).
                try await b.expectSavedModelStays("has 🌵 where it was committed", for: .milliseconds(1500)) {
                    SharedWindows.emoji("🌵", in: $0)?.position == SharedWindows.cactus
                }
                #expect(SharedWindows.emoji("🌵", in: try b.savedModel())?.position == SharedWindows.cactus)

                // How fast is the benchmarks' to say (`collab`); here, that it arrives.
                try await a.input.xdotool(["mouseup", "1"])
                _ = try await b.waitForSavedModel("has 🌵 where A's drag ended") { SharedWindows.emoji("🌵", in: $0)?.position == ended }
                _ = try await a.waitForSavedModel("has 🌵 where the drag ended") { SharedWindows.emoji("🌵", in: $0)?.position == ended }
            }
        }

        @Test(
            "the header bar shows who is here and the connection: connected, reconnecting, offline with edits waiting, connected (C5, C6)")
        func connectionState() async throws {
            // A bus for each app: two EmojiArt processes on one session bus would be one
            // application (GApplication hands the second's files to the first and exits).
            try await withAccessibilityBus { bus in
                try await withAccessibilityBus { secondBus in
                    try await SharedWindows.with(extraEnvironment: bus.environment, secondEnvironment: secondBus.environment) { room in
                        let (a, b) = (room.a, room.b)
                        let name = systemRealName()
                        func waitForState(_ awaited: String, _ matches: @escaping (String) -> Bool) async throws {
                            _ = try await AccessibleTree.waitFor(
                                "A's header bar says \(awaited)", in: a.app, on: bus, timeout: .seconds(30)
                            ) { tree in
                                tree.allNodes.contains { $0.name.hasPrefix("Room: ") && matches(String($0.name.dropFirst(6))) } ? true : nil
                            }
                        }
                        try await waitForState("Connected") { $0 == "Connected" }
                        _ = try await AccessibleTree.waitFor("A's header bar shows B as “\(name)”", in: a.app, on: bus) { tree in
                            tree.allNodes.contains { $0.role == "label" && $0.name == name } ? true : nil
                        }
                        _ = try await AccessibleTree.waitFor("B's header bar shows A", in: b.app, on: secondBus) { tree in
                            tree.allNodes.contains { $0.name == "Room: Connected" }
                                && tree.allNodes.contains { $0.role == "label" && $0.name == name }
                                ? true : nil
                        }

                        room.relay.kill9()
                        try await waitForState("Reconnecting…") { $0 == "Reconnecting…" }
                        _ = try await AccessibleTree.waitFor("B is gone from A's header bar", in: a.app, on: bus) { tree in
                            tree.allNodes.contains { $0.role == "label" && $0.name == name } ? nil : true
                        }
                        try await a.input.key("Tab", "Right")
                        try await a.input.key("Right")
                        // Each nudge is a push of its own (they are one undo step, U3).
                        try await waitForState("offline with edits waiting") { $0.hasPrefix("Offline, ") && $0.hasSuffix(" waiting") }

                        try room.relay.start()
                        try await waitForState("Connected again") { $0 == "Connected" }
                        _ = try await b.waitForSavedModel("has A's offline nudges", timeout: .seconds(30)) {
                            SharedWindows.emoji("😀", in: $0)?.position == DocumentPoint(x: 2, y: 0)
                        }
                        let shot = try await a.screenshot()
                        try await shot.archive(as: "sharing-header-connected-again")
                    }
                }
            }
        }

        /// The room's state as a headless `emojiart join` writes it, once the relay has the room.
        static func joinedModel(
            _ link: RoomLink, in workspace: TestWorkspace, awaited: String, where condition: @escaping (EmojiArtModel) -> Bool
        ) async throws -> EmojiArtModel {
            return try await waitFor("a headless join finds the room \(awaited)", timeout: .seconds(30), poll: .milliseconds(300)) {
                // A new joiner each time (its own state folder): one that knew the room's epoch
                // would make the room again itself.
                let joiner = workspace.root.appendingPathComponent("joiner-\(UUID().uuidString)")
                let output = joiner.appendingPathComponent("joined.emojiart")
                try FileManager.default.createDirectory(at: joiner, withIntermediateDirectories: true)
                let result = try await ExternalCommand.run(
                    AppUnderTest.executable.path, ["join", link.description, "-o", output.path, "--timeout", "5"],
                    extraEnvironment: ["HOME": joiner.path, "XDG_STATE_HOME": joiner.appendingPathComponent("state").path],
                    timeout: .seconds(20))
                guard result.status == 0, let model = try? DocumentFile.read(from: output) else {
                    throw NotYet("join: \(result.standardError)")
                }
                guard condition(model) else { throw NotYet("the room holds \(model.emojis)") }
                return model
            }
        }

        @Test("a shared file whose relay lost the room makes it again, when opened and while open (C6, invariant 7)")
        func lostRoomIsMadeAgain() async throws {
            try await withWorkspace { workspace in
                // The relay has no such room: its data is gone.
                let relay = try RelayProcess(dataFolder: workspace.root.appendingPathComponent("relay"))
                let file = try workspace.writeDocument(named: "lost.emojiart", contents: SharedWindows.sharedDocument(server: relay.server))
                try workspace.joinedBefore(SharedWindows.room, on: relay.server)
                let link = RoomLink(server: relay.server, room: SharedWindows.room, key: TestRoomKey.text)
                try await withApp(in: workspace, arguments: [file.path]) { app in
                    let a = try await OpenDocument.waitForWindow(of: file, in: app)
                    let first = try await Self.joinedModel(link, in: workspace, awaited: "with the file's four emojis") {
                        $0.emojis.count == 4
                    }
                    #expect(Set(first.emojis.map(\.text)) == ["😀", "🐶", "🐱", "🌵"])
                    // The window keeps the room as the relay confirmed it, beside its outbox (C6).
                    let journal = try FileOutboxJournal(
                        folder: CollabStorage(locations: workspace.storage).journalFolder, room: SharedWindows.room)
                    let replica = try await waitFor("the window keeps the confirmed room on disk") { () -> ConfirmedReplica? in
                        guard let replica = ReplicaFile(besides: journal).load(), replica.state.emojis.count == 4 else {
                            throw NotYet("no replica of the four emojis in \(journal.url.deletingLastPathComponent().path)")
                        }
                        return replica
                    }
                    #expect(replica.seq > 0)

                    // An edit, then the relay loses its data while the window is open.
                    try await a.input.key("Tab", "Right")
                    _ = try await Self.joinedModel(link, in: workspace, awaited: "with the nudge") {
                        SharedWindows.emoji("😀", in: $0)?.position == DocumentPoint(x: 1, y: 0)
                    }
                    relay.kill9()
                    try FileManager.default.removeItem(at: relay.dataFolder)
                    try relay.start()
                    let again = try await Self.joinedModel(link, in: workspace, awaited: "made again with all four and the nudge") {
                        model in
                        model.emojis.count == 4 && SharedWindows.emoji("😀", in: model)?.position == DocumentPoint(x: 1, y: 0)
                    }
                    #expect(Set(again.emojis.map(\.text)) == ["😀", "🐶", "🐱", "🌵"])
                    #expect(try a.savedModel().emojis.count == 4, "the window kept its document")
                }
            }
        }
    }
}
