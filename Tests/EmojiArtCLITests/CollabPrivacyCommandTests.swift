import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SPEC C7, "nothing local leaks through a room", from the command line: `share` embeds a
/// `file://` background (the joined copy has the image), refuses one it cannot embed with the
/// reason, and a `file://` background arriving from a room is never opened by `join` or
/// `render` — an inotify watch on the file would see any open — and is reported.
@Suite(.serialized, .scratchFolder) struct CollabPrivacyCommandTests {
    /// The example's embedded image, as a file of this computer.
    static func imageFile() throws -> (url: URL, data: Data) {
        let example = CommandRunner.packageRoot.appendingPathComponent("examples/embedded-hill.emojiart")
        let data = try #require(try DocumentFile.read(from: example).background.imageData)
        let url = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-hill.png")
        try data.write(to: url)
        return (url, data)
    }

    static func document(background: Background) throws -> URL {
        var model = EmojiArtModel(background: background, emojis: [])
        model.addEmoji("🌼", at: DocumentPoint(x: 10, y: 20), size: 40)
        let url = TestScratch.folder.appendingPathComponent("\(UUID().uuidString).emojiart")
        try DocumentFile.write(model, to: url)
        return url
    }

    @Test("share embeds a file:// background: the joined copy has the image, and no path travels")
    func shareEmbedsFileBackground() throws {
        let relay = try CollabCommandTests.relay()
        let image = try Self.imageFile()
        let document = try Self.document(background: .url(image.url))
        let shared = try CommandRunner.run(
            ["share", document.path, "--relay", relay.server], environment: try CollabCommandTests.environment("ann"))
        #expect(shared.status == 0, "\(shared.standardError)")
        let link = shared.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try DocumentFile.read(from: document).background == .imageData(image.data), "the shared file embeds it too")

        let copy = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-joined.emojiart")
        let joined = try CommandRunner.run(["join", link, "-o", copy.path], environment: try CollabCommandTests.environment("bob"))
        #expect(joined.status == 0, "\(joined.standardError)")
        let received = try DocumentFile.read(from: copy)
        #expect(received.background == .imageData(image.data))
        #expect(received.emojis.map(\.text) == ["🌼"])
        // The relay's files never name the file (they hold ciphertext, and the path was never sent).
        let stored = try FileManager.default.subpathsOfDirectory(atPath: relay.dataFolder.path).compactMap {
            try? Data(contentsOf: relay.dataFolder.appendingPathComponent($0))
        }
        #expect(!stored.contains { String(decoding: $0, as: UTF8.self).contains(image.url.lastPathComponent) })
    }

    @Test("share refuses a file:// background it cannot embed, with the reason, before making a room")
    func shareRefusesMissingFile() throws {
        let relay = try CollabCommandTests.relay()
        let missing = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-gone.png")
        let document = try Self.document(background: .url(missing))
        let before = try Data(contentsOf: document)
        let shared = try CommandRunner.run(
            ["share", document.path, "--relay", relay.server], environment: try CollabCommandTests.environment("ann"))
        #expect(shared.status == 1)
        #expect(shared.standardError.contains("The background “\(missing.path)” is a file on this computer"), "\(shared.standardError)")
        #expect(shared.standardError.contains("it has disappeared"), "\(shared.standardError)")
        #expect(shared.standardOutput.isEmpty, "no link")
        #expect(try Data(contentsOf: document) == before, "the document is left as it was")
        let rooms = relay.dataFolder.appendingPathComponent("rooms")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: rooms.path)) ?? []).isEmpty, "no room was made")
    }

    @Test("a file:// background put into a room by hand is never opened by join or render, and is reported")
    func foreignFileNeverOpened() async throws {
        let relay = try CollabCommandTests.relay()
        let document = try Self.document(background: .blank)
        let shared = try CommandRunner.run(
            ["share", document.path, "--relay", relay.server], environment: try CollabCommandTests.environment("ann"))
        #expect(shared.status == 0, "\(shared.standardError)")
        let link = try RoomLink(parsing: shared.standardOutput)

        // Mallory's client sets the background to a file address: a real image on this machine,
        // watched, so that any open of it by the joiner shows.
        let image = try Self.imageFile()
        let watch = try FileOpenWatch(image.url)
        let mallory = HeadlessRoom(
            link: WebSocketRelayLink(address: link),
            session: try SyncSession(
                room: link.room, journal: InMemoryOutboxJournal(), sealer: AESGCMSealer(key: try RoomKey(text: link.key!))))
        defer { mallory.close() }
        try await mallory.wait("mallory joined", timeout: .seconds(20)) { $0.isLive }
        try mallory.perform { try $0.perform([.background(.url(image.url.absoluteString))], named: "Set Background") }
        try await mallory.wait("the relay stored mallory's background", timeout: .seconds(20)) { $0.pending.isEmpty }

        let copy = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-joined.emojiart")
        let joined = try CommandRunner.run(
            ["join", link.description, "-o", copy.path], environment: try CollabCommandTests.environment("bob"))
        #expect(joined.status == 0, "\(joined.standardError)")
        #expect(
            joined.standardError.contains("Couldn’t load image from \(image.url.path): it is a file on another computer"),
            "\(joined.standardError)")
        let received = try DocumentFile.read(from: copy)
        #expect(received.background == .url(image.url), "the room’s value is kept as it is, unread")

        let png = TestScratch.folder.appendingPathComponent("\(UUID().uuidString).png")
        let rendered = try CommandRunner.run(["render", copy.path, "-o", png.path])
        #expect(rendered.status != 0)
        #expect(rendered.standardError.contains("a file on another computer"), "\(rendered.standardError)")

        #expect(try watch.opens() == 0, "join and render never opened the file")
        // The watch does see an open: the zero above means something.
        _ = try Data(contentsOf: image.url)
        #expect(try watch.opens() > 0)
    }
}

/// Counts the opens of one file through inotify (IN_OPEN), read without blocking.
final class FileOpenWatch {
    private let descriptor: Int32

    init(_ url: URL) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, url.path, UInt32(IN_OPEN)) >= 0 else {
            throw CocoaError(.fileReadUnknown)
        }
    }

    /// The opens seen since the last call.
    func opens() throws -> Int {
        var count = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let read = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard read > 0 else { break }
            var offset = 0
            while offset < read {
                let length = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) }
                let mask = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 4, as: UInt32.self) }
                if mask & UInt32(IN_OPEN) != 0 { count += 1 }
                offset += 16 + Int(length)
            }
        }
        return count
    }

    deinit {
        close(descriptor)
    }
}
