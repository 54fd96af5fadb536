import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Two app processes editing one shared document (C2–C6), each with its own HOME and XDG
/// folders and its own copy of the file, one real `emojiart-relay`. A's window is at the
/// screen's top left, B's (mapped last, so on top) fills the rest from (320, 180): A's pointer
/// works only in A's uncovered left and top strips, where the document's 🌵 (at (-250, -150))
/// shows; all of B's canvas is visible for screenshots.
struct SharedWindows: Sendable {
    let relay: RelayProcess
    let a: OpenDocument
    let b: OpenDocument

    static let room = "guiTestRoom0002"
    static let secondWindowOrigin = ScreenPoint(x: 320, y: 180)
    /// Where 🌵 is: in A's part of the screen that B's window does not cover.
    static let cactus = DocumentPoint(x: -250, y: -150)

    /// Four emojis with their room keys, in the room at `server`: 😀 at the origin, 🐶 right
    /// and below, 🐱 left, 🌵 up and left (see `cactus`).
    static func sharedDocument(server: String, room: String = room) -> String {
        let model = EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "😀", position: DocumentPoint(x: 0, y: 0), size: 40, cid: "guiSeed.1", z: "a0"),
                Emoji(id: 2, text: "🐶", position: DocumentPoint(x: 100, y: 50), size: 40, cid: "guiSeed.2", z: "a1"),
                Emoji(id: 3, text: "🐱", position: DocumentPoint(x: -80, y: 30), size: 40, cid: "guiSeed.3", z: "a2"),
                Emoji(id: 4, text: "🌵", position: cactus, size: 40, cid: "guiSeed.4", z: "a3"),
            ], uniqueEmojiId: 4, collab: SharedRoom(server: server, room: room))
        return String(decoding: EmojiArtEncoder().encode(model), as: UTF8.self)
    }

    /// Starts the relay (with the room made unless `makeRoom` is false), then A and B on their
    /// copies; `extraEnvironment` goes to A, `secondEnvironment` to B (each its accessibility bus).
    static func with(
        makeRoom: Bool = true, extraEnvironment: [String: String] = [:], secondEnvironment: [String: String] = [:],
        _ body: (SharedWindows) async throws -> Void
    ) async throws {
        try await withWorkspace { first in
            try await withWorkspace { second in
                let relay = try RelayProcess(dataFolder: first.root.appendingPathComponent("relay"))
                if makeRoom { try await relay.createRoom(room, registration: TestRoomKey.registration) }
                try first.joinedBefore(room, on: relay.server)
                try second.joinedBefore(room, on: relay.server)
                let contents = sharedDocument(server: relay.server)
                let firstFile = try first.writeDocument(named: "first.emojiart", contents: contents)
                let secondFile = try second.writeDocument(named: "second.emojiart", contents: contents)
                try await withApp(in: first, arguments: [firstFile.path], name: "first", extraEnvironment: extraEnvironment) { firstApp in
                    let a = try await OpenDocument.waitForWindow(of: firstFile, in: firstApp)
                    try await withApp(in: second, arguments: [secondFile.path], name: "second", extraEnvironment: secondEnvironment) {
                        secondApp in
                        let window = try await secondApp.waitForWindow(titled: OpenDocument.title(for: secondFile))
                        try await secondApp.move(window, to: secondWindowOrigin)
                        let b = try await OpenDocument.waitForWindow(of: secondFile, in: secondApp)
                        try await body(SharedWindows(relay: relay, a: a, b: b))
                    }
                }
            }
        }
    }

    static func emoji(_ text: String, in model: EmojiArtModel) -> Emoji? {
        model.emojis.first { $0.text == text }
    }
}

extension OpenDocument {
    /// Checks that the saved document keeps satisfying `condition` for `duration` (a negative:
    /// something that must not be written while another window's drag is held).
    func expectSavedModelStays(
        _ described: String, for duration: Duration, sourceLocation: SourceLocation = #_sourceLocation,
        where condition: (EmojiArtModel) -> Bool
    ) async throws {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            try app.requireRunning()
            let model = try savedModel()
            guard condition(model) else {
                Issue.record("the saved document no longer \(described): \(model.emojis)", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Checks that no file appears at `url` for `duration` while the app runs (a negative: a
    /// connection that must not be made).
    func expectNothingWritten(at url: URL, for duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let end = ContinuousClock.now + duration
        while ContinuousClock.now < end {
            try app.requireRunning()
            guard !FileManager.default.fileExists(atPath: url.path) else {
                Issue.record("\(url.lastPathComponent) was written", sourceLocation: sourceLocation)
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

/// The name others see for this user (C5): the account's real name from the password database,
/// as GLib's g_get_real_name reads it, or the user name when it has none.
func systemRealName() -> String {
    let uid = getuid()
    guard let entry = getpwuid(uid) else { return "?" }
    let gecos = entry.pointee.pw_gecos.map { String(cString: $0) } ?? ""
    let real = gecos.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? ""
    if !real.isEmpty, real != "Unknown" { return real }
    return String(cString: entry.pointee.pw_name)
}
