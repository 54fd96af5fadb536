import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

extension GUITests {
    /// Editing together for real (C2, C3, C4, C6): one `emojiart-relay`, two app processes with
    /// their own HOME and XDG folders, each opening its copy of a document shared in one room (a
    /// shared file reconnects by itself). Edits are made with the keyboard (Tab selects, arrows
    /// nudge, Ctrl+Z undoes) and read back from the other process's autosaved file.
    @Suite("Editing together", .serialized, .ownXvfbDisplay)
    struct SharingTests {
        static let room = "guiTestRoom0001"
        static let secondWindowOrigin = ScreenPoint(x: 320, y: 180)

        /// Three emojis with their room keys, in the room at `server`.
        static func sharedDocument(server: String) -> String {
            let model = EmojiArtModel(
                background: .blank,
                emojis: [
                    Emoji(id: 1, text: "😀", position: DocumentPoint(x: 0, y: 0), size: 40, cid: "guiSeed.1", z: "a0"),
                    Emoji(id: 2, text: "🐶", position: DocumentPoint(x: 100, y: 50), size: 40, cid: "guiSeed.2", z: "a1"),
                    Emoji(id: 3, text: "🐱", position: DocumentPoint(x: -80, y: 30), size: 40, cid: "guiSeed.3", z: "a2"),
                ], uniqueEmojiId: 3, collab: SharedRoom(server: server, room: room))
            return String(decoding: EmojiArtEncoder().encode(model), as: UTF8.self)
        }

        /// A relay, a room and two processes on their own copies; `body` gets both windows.
        func withTwoWindows(_ body: (RelayProcess, OpenDocument, OpenDocument) async throws -> Void) async throws {
            try await withWorkspace { first in
                try await withWorkspace { second in
                    let relay = try RelayProcess(dataFolder: first.root.appendingPathComponent("relay"))
                    try await relay.createRoom(Self.room, registration: TestRoomKey.registration)
                    try first.joinedBefore(Self.room, on: relay.server)
                    try second.joinedBefore(Self.room, on: relay.server)
                    let contents = Self.sharedDocument(server: relay.server)
                    let firstFile = try first.writeDocument(named: "first.emojiart", contents: contents)
                    let secondFile = try second.writeDocument(named: "second.emojiart", contents: contents)
                    try await withApp(in: first, arguments: [firstFile.path], name: "first") { firstApp in
                        let a = try await OpenDocument.waitForWindow(of: firstFile, in: firstApp)
                        try await withApp(in: second, arguments: [secondFile.path], name: "second") { secondApp in
                            let window = try await secondApp.waitForWindow(titled: OpenDocument.title(for: secondFile))
                            try await secondApp.move(window, to: Self.secondWindowOrigin)
                            let b = try await OpenDocument.waitForWindow(of: secondFile, in: secondApp)
                            try await body(relay, a, b)
                        }
                    }
                }
            }
        }

        private static func emoji(_ text: String, in model: EmojiArtModel) -> Emoji? {
            model.emojis.first { $0.text == text }
        }

        private static func positions(_ model: EmojiArtModel) -> [String: DocumentPoint] {
            Dictionary(model.emojis.map { ($0.text, $0.position) }, uniquingKeysWith: { first, _ in first })
        }

        @Test("an edit in one window reaches the other's file; interleaved edits converge; my undo leaves yours (C3, C4)")
        func editsTravelAndUndoIsMine() async throws {
            try await withTwoWindows { _, a, b in
                // Tab selects the first emoji in drawing order (😀); Right nudges it 1 pt.
                try await a.input.key("Tab")
                // How fast is the benchmarks' to say (`collab`); here, that it arrives.
                try await a.input.key("Right")
                let moved = try await b.waitForSavedModel("😀 moved 1 pt right") { model in
                    Self.emoji("😀", in: model)?.position == DocumentPoint(x: 1, y: 0)
                }
                #expect(moved.collab?.room == Self.room)

                // Interleaved: A nudges 😀 right, B nudges 🐱 (its first after Tab, Tab, Tab) left.
                try await b.input.key("Tab", "Tab", "Tab")
                for _ in 0..<3 {
                    try await a.input.key("Right")
                    try await b.input.key("Left")
                }
                let expected = ["😀": DocumentPoint(x: 4, y: 0), "🐶": DocumentPoint(x: 100, y: 50), "🐱": DocumentPoint(x: -83, y: 30)]
                let inA = try await a.waitForSavedModel("both edits are in the first file") { Self.positions($0) == expected }
                let inB = try await b.waitForSavedModel("both edits are in the second file") { Self.positions($0) == expected }
                #expect(inA.emojis.map(\.cid) == inB.emojis.map(\.cid), "one drawing order")

                // B moves 😀 down (another field); A's undo takes back A's last nudge only.
                try await b.input.key("Escape", "Tab")
                try await b.input.key("Down")
                _ = try await a.waitForSavedModel("😀 moved down by B") { Self.emoji("😀", in: $0)?.position.y == 1 }
                // (Nudges less than half a second apart are one step, U3: how many it takes back
                // depends on the machine's pace; that B's field stays does not.)
                try await a.input.key("ctrl+z")
                let undone = try await b.waitForSavedModel("A's nudges undone, B's kept") { model in
                    guard let smile = Self.emoji("😀", in: model) else { return false }
                    return smile.position.x < 4 && smile.position.y == 1
                }
                #expect(Self.emoji("🐱", in: undone)?.position == DocumentPoint(x: -83, y: 30), "B's edits stay")
            }
        }

        @Test("edits made while the relay is killed arrive after it restarts (C6)")
        func relayRestart() async throws {
            try await withTwoWindows { relay, a, b in
                try await a.input.key("Tab", "Right")
                _ = try await b.waitForSavedModel("the first nudge arrived") { Self.emoji("😀", in: $0)?.position.x == 1 }
                relay.kill9()
                try await a.input.key("Right", "Right")
                // A keeps its own edits (and its file) while the relay is away.
                _ = try await a.waitForSavedModel("A's file has its offline edits") { Self.emoji("😀", in: $0)?.position.x == 3 }
                #expect(Self.emoji("😀", in: try b.savedModel())?.position.x == 1, "nothing can reach B meanwhile")
                try relay.start()
                _ = try await b.waitForSavedModel("the offline edits arrived", timeout: .seconds(30)) {
                    Self.emoji("😀", in: $0)?.position.x == 3
                }
            }
        }
    }
}
