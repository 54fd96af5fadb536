import EmojiArtCollab
import EmojiArtCollabNet
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `emojiart relay`, `share`, `join` and `info`'s `collab` key end to end (SPEC C2): a real relay
/// process started through the CLI, the commands run as a person would, each with its own
/// XDG folders.
@Suite(.serialized, .scratchFolder) struct CollabCommandTests {
    /// `emojiart relay --port 0` in the background (it execs `emojiart-relay` beside itself).
    static func relay() throws -> RelayProcess {
        try RelayProcess(command: [CommandRunner.executableURL.path, "relay"])
    }

    /// A person's own XDG folders.
    static func environment(_ name: String) throws -> [String: String] {
        let home = TestScratch.folder.appendingPathComponent("cli-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        return environment
    }

    static func copyExample(_ name: String) throws -> URL {
        let copy = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
        try FileManager.default.copyItem(at: CommandRunner.packageRoot.appendingPathComponent("examples/\(name)"), to: copy)
        return copy
    }

    static func emojiTexts(_ url: URL) throws -> [String] {
        try DocumentFile.read(from: url).emojis.map(\.text)
    }

    @Test("C12: share --view-link prints the view link too; join with it writes the room read-only")
    func viewLinkJoins() throws {
        let relay = try Self.relay()
        let document = try Self.copyExample("embedded-hill.emojiart")
        let original = try DocumentFile.read(from: document)
        let shared = try CommandRunner.run(
            ["share", document.path, "--relay", relay.server, "--view-link"], environment: try Self.environment("ann"))
        #expect(shared.status == 0, "\(shared.standardError)")
        let lines = shared.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let edit = try RoomLink(parsing: lines[0])
        let view = try RoomLink(parsing: lines.last ?? "")
        #expect(view.room == edit.room && view.isViewLink && !edit.isViewLink)
        #expect(view.key?.count == 86)
        #expect(edit.viewLink == view, "the view link is derived from the edit link")
        let copy = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-viewed.emojiart")
        let joined = try CommandRunner.run(["join", view.description, "-o", copy.path], environment: try Self.environment("bob"))
        #expect(joined.status == 0, "\(joined.standardError)")
        #expect(try DocumentFile.read(from: copy).emojis.map(\.text) == original.emojis.map(\.text))
    }

    @Test(
        "C11: share --web-link prints the web links after the others, in --help's order; the relay answers the page at each, and join takes them"
    )
    func webLinks() async throws {
        try await withTemporaryDirectory { client in
            // The relay's page, from a folder of the test's own.
            let page = "<!doctype html><title>web link test</title>\n"
            try Data(page.utf8).write(to: client.appendingPathComponent("index.html"))
            var relayEnvironment = ProcessInfo.processInfo.environment
            relayEnvironment["EMOJIART_WEB_CLIENT_DIR"] = client.path
            let relay = try RelayProcess(command: [CommandRunner.executableURL.path, "relay"], environment: relayEnvironment)
            let document = try Self.copyExample("sunny-meadow.emojiart")
            let original = try Self.emojiTexts(document)

            let alone = try CommandRunner.run(
                ["share", document.path, "--relay", relay.server, "--web-link"], environment: try Self.environment("ann"))
            #expect(alone.status == 0, "\(alone.standardError)")
            let two = alone.standardOutput.split(separator: "\n").map(String.init)
            #expect(two.count == 2)
            #expect(two.last?.hasPrefix("http://127.0.0.1:\(relay.port)/r/") == true, "\(two)")
            #expect(try RoomLink(parsing: two[0]) == RoomLink(parsing: two.last ?? ""), "the same room and key")

            let again = try Self.copyExample("sunny-meadow.emojiart")
            let shared = try CommandRunner.run(
                ["share", again.path, "--relay", relay.server, "--web-link", "--view-link"], environment: try Self.environment("bob"))
            #expect(shared.status == 0, "\(shared.standardError)")
            let lines = shared.standardOutput.split(separator: "\n").map(String.init)
            try #require(lines.count == 4, "\(lines)")
            let edit = try RoomLink(parsing: lines[0])
            let view = try #require(edit.viewLink)
            #expect(lines == [edit.description, view.description, edit.webLink, view.webLink], "edit, view, web, web view")
            let name = again.deletingPathExtension().lastPathComponent
            #expect(lines[2] == "http://127.0.0.1:\(relay.port)/r/\(edit.room)#\(edit.key ?? "")/\(name)", "named by its file (C2)")
            #expect(edit.documentName == name && view.documentName == name)

            // Each web link's page is the relay's; the key after # is never sent.
            for link in [lines[2], lines[3]] {
                let (body, status) = try Self.httpGet(link)
                #expect(status == 200 && body == page, "\(status): \(body)")
            }

            // join takes both web links.
            for (index, link) in [lines[2], lines[3]].enumerated() {
                let copy = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-web-\(index).emojiart")
                let joined = try CommandRunner.run(["join", link, "-o", copy.path], environment: try Self.environment("cat\(index)"))
                #expect(joined.status == 0, "\(joined.standardError)")
                #expect(try Self.emojiTexts(copy) == original)
                #expect(try DocumentFile.read(from: copy).collab == SharedRoom(server: relay.server, room: edit.room))
            }
        }
    }

    /// GET of a web link as a browser asks for it (the fragment stays here; Python's urllib, as
    /// the CLI tests link no URLSession): the body and the status.
    static func httpGet(_ link: String) throws -> (body: String, status: Int) {
        let script = [
            "import sys, urllib.request", "answer = urllib.request.urlopen(sys.argv[1])", "print(answer.status)",
            "sys.stdout.write(answer.read().decode())",
        ].joined(separator: "\n")
        let (status, output) = try CommandRunner.runTool("python3", ["-c", script, link])
        guard status == 0, let newline = output.firstIndex(of: "\n") else { return (output, 0) }
        return (String(output[output.index(after: newline)...]), Int(output[..<newline]) ?? 0)
    }

    @Test("share prints a link and writes the collab key; join writes the same document; info --json shows the room")
    func shareAndJoin() throws {
        let relay = try Self.relay()
        let ann = try Self.environment("ann")
        let bob = try Self.environment("bob")
        let document = try Self.copyExample("embedded-hill.emojiart")
        let original = try DocumentFile.read(from: document)

        let shared = try CommandRunner.run(["share", document.path, "--relay", relay.server], environment: ann)
        #expect(shared.status == 0, "\(shared.standardError)")
        let printed = shared.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(printed.hasPrefix("emojiart://127.0.0.1:\(relay.port)/"), "SPEC C2's link form: \(printed)")
        let link = try RoomLink(parsing: printed)
        #expect(link.server == relay.server)
        #expect(link.key?.count == 22)
        let info = try CommandRunner.run(["info", "--json", document.path])
        let object = try #require(JSONSerialization.jsonObject(with: Data(info.standardOutput.utf8)) as? [String: Any])
        #expect(object["collab"] as? [String: String] == ["server": relay.server, "room": link.room])
        #expect(!info.standardOutput.contains(link.key!), "the key is never in the document")
        let keyFile = URL(fileURLWithPath: ann["XDG_STATE_HOME"]!).appendingPathComponent("emojiart/keys/\(link.room).key")
        // The key, then the relay it is kept for (C10).
        #expect(try String(contentsOf: keyFile, encoding: .utf8).split(separator: "\n") == [Substring(link.key!), Substring(relay.server)])

        let copy = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-joined.emojiart")
        let joined = try CommandRunner.run(["join", printed, "-o", copy.path], environment: bob)
        #expect(joined.status == 0, "\(joined.standardError)")
        let received = try DocumentFile.read(from: copy)
        #expect(received.emojis.map(\.text) == original.emojis.map(\.text))
        #expect(received.emojis.map(\.position) == original.emojis.map(\.position))
        #expect(received.background == original.background, "the embedded image came through as a blob")
        #expect(received.collab == SharedRoom(server: relay.server, room: link.room))
        #expect(try DocumentFile.read(from: document).emojis.map(\.cid) == received.emojis.map(\.cid))

        // The relay's own address form, which earlier versions printed, still joins.
        let legacy = "\(relay.server)/room/\(link.room)#\(link.key!)"
        let again = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-legacy.emojiart")
        let legacyJoin = try CommandRunner.run(["join", legacy, "-o", again.path], environment: try Self.environment("cat"))
        #expect(legacyJoin.status == 0, "\(legacyJoin.standardError)")
        #expect(try DocumentFile.read(from: again).emojis.map(\.text) == original.emojis.map(\.text))
    }

    @Test(
        "join - reads the link from standard input; a wrong key is never kept, and a kept key is not replaced without --replace-key (C10)")
    func joinKeysAndStandardInput() throws {
        let relay = try Self.relay()
        let ann = try Self.environment("ann")
        let document = try Self.copyExample("sunny-meadow.emojiart")
        let shared = try CommandRunner.run(["share", document.path, "--relay", relay.server], environment: ann)
        let link = try RoomLink(parsing: shared.standardOutput)
        let output = TestScratch.folder.appendingPathComponent("\(UUID().uuidString).emojiart")
        let bob = try Self.environment("bob")
        let keyFile = URL(fileURLWithPath: bob["XDG_STATE_HOME"]!).appendingPathComponent("emojiart/keys/\(link.room).key")

        var wrong = link
        wrong.key = RoomKey.random().text
        let refused = try CommandRunner.run(
            ["join", "-", "-o", output.path, "--timeout", "10"], environment: bob, input: wrong.description + "\n")
        #expect(refused.status == 1)
        #expect(!FileManager.default.fileExists(atPath: keyFile.path), "a key that opened nothing is not kept")
        #expect(!refused.standardError.contains(wrong.key!))

        let joined = try CommandRunner.run(
            ["join", "-", "-o", output.path, "--timeout", "10"], environment: bob, input: link.description + "\n")
        #expect(joined.status == 0, "\(joined.standardError)")
        // The key, then the relay it is kept for (C10).
        #expect(try String(contentsOf: keyFile, encoding: .utf8).split(separator: "\n") == [Substring(link.key!), Substring(relay.server)])

        // A "new link" for the same room with another key: refused before connecting, the kept key stays.
        let swapped = try CommandRunner.run(["join", wrong.description, "-o", output.path, "--timeout", "10"], environment: bob)
        #expect(swapped.status == 1)
        #expect(swapped.standardError.contains("another key for this room"), "\(swapped.standardError)")
        // The key, then the relay it is kept for (C10).
        #expect(try String(contentsOf: keyFile, encoding: .utf8).split(separator: "\n") == [Substring(link.key!), Substring(relay.server)])
    }

    @Test("join refuses a wrong key, a room that does not exist, and a link that is not one, with a sentence")
    func joinRefusals() throws {
        let relay = try Self.relay()
        let ann = try Self.environment("ann")
        let document = try Self.copyExample("sunny-meadow.emojiart")
        let shared = try CommandRunner.run(["share", document.path, "--relay", relay.server], environment: ann)
        let link = try RoomLink(parsing: shared.standardOutput)
        let output = TestScratch.folder.appendingPathComponent("\(UUID().uuidString).emojiart")

        var wrong = link
        wrong.key = RoomKey.random().text
        let wrongKey = try CommandRunner.run(
            ["join", wrong.description, "-o", output.path, "--timeout", "10"], environment: try Self.environment("eve"))
        #expect(wrongKey.status == 1)
        // C10: the relay does not let a wrong key in at all.
        #expect(wrongKey.standardError.contains("the key you have is not the room’s"), "\(wrongKey.standardError)")

        var keyless = link
        keyless.key = nil
        let noKey = try CommandRunner.run(
            ["join", keyless.description, "-o", output.path, "--timeout", "10"], environment: try Self.environment("eve"))
        #expect(noKey.status == 64, "a link without a key is refused before anything connects (C10)")
        #expect(noKey.standardError.contains("This link has no key"), "\(noKey.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        var nowhere = link
        nowhere.room = "no-such-room"
        let noRoom = try CommandRunner.run(
            ["join", nowhere.description, "-o", output.path, "--timeout", "10"], environment: try Self.environment("eve"))
        #expect(noRoom.status == 1)
        #expect(noRoom.standardError.contains("no such room"), "\(noRoom.standardError)")

        let notALink = try CommandRunner.run(["join", "https://example.com/x", "-o", output.path])
        #expect(notALink.status != 0)
        #expect(notALink.standardError.contains("not a room link"))
    }

    @Test("join --follow keeps the file up to date, through a relay kill -9 and restart")
    func follow() async throws {
        let relay = try Self.relay()
        let ann = try Self.environment("ann")
        let document = try Self.copyExample("sunny-meadow.emojiart")
        let shared = try CommandRunner.run(["share", document.path, "--relay", relay.server], environment: ann)
        let link = try RoomLink(parsing: shared.standardOutput)
        let output = TestScratch.folder.appendingPathComponent("\(UUID().uuidString)-follow.emojiart")

        let follower = Process()
        follower.executableURL = CommandRunner.executableURL
        follower.arguments = ["join", link.description, "-o", output.path, "--follow"]
        follower.environment = try Self.environment("bob")
        try follower.run()
        defer {
            // SIGKILL: a child started by Foundation's Process may not act on SIGTERM.
            kill(follower.processIdentifier, SIGKILL)
            follower.waitUntilExit()
        }
        try await waitUntil("the follower wrote the document") { (try? Self.emojiTexts(output))?.count == 10 }

        // Carol edits through the same room (a session of her own).
        let carol = HeadlessRoom(
            link: WebSocketRelayLink(address: link),
            session: try SyncSession(
                room: link.room, journal: InMemoryOutboxJournal(), sealer: AESGCMSealer(key: try RoomKey(text: link.key!))))
        defer { carol.close() }
        try await carol.wait("carol joined", timeout: .seconds(20)) { $0.isLive }
        try carol.perform { try $0.addEmoji("🦉", x: 0, y: 0, size: 50).1 }
        try await waitUntil("the owl is in the followed file") { (try? Self.emojiTexts(output))?.contains("🦉") == true }

        // The relay dies and comes back on the same port and data folder; an edit made while it
        // was away arrives, and the follower keeps writing.
        relay.kill9()
        try carol.perform { try $0.addEmoji("🦔", x: 10, y: 10, size: 50).1 }
        try relay.start()
        try await waitUntil("the hedgehog made while the relay was down is in the followed file") {
            (try? Self.emojiTexts(output))?.contains("🦔") == true
        }
        #expect(try Self.emojiTexts(output).count == 12)
    }
}

extension CollabCommandTests {
    @Test("join -o writes a file only its user can read, and never through a link another user planted (C10)")
    func joinOutputIsPrivate() throws {
        let relay = try Self.relay()
        let ann = try Self.environment("ann")
        let bob = try Self.environment("bob")
        let document = try Self.copyExample("sunny-meadow.emojiart")
        let shared = try CommandRunner.run(["share", document.path, "--relay", relay.server], environment: ann)
        #expect(shared.status == 0, "\(shared.standardError)")
        let link = shared.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)

        let folder = TestScratch.folder.appendingPathComponent("join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("joined.emojiart")
        let joined = try CommandRunner.run(["join", link, "-o", output.path], environment: bob)
        #expect(joined.status == 0, "\(joined.standardError)")
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600, "mode \(String(mode ?? 0, radix: 8))")

        // Another user's link to one of this user's files, planted where the output goes.
        let victim = folder.appendingPathComponent("bashrc")
        try Data("# mine\n".utf8).write(to: victim)
        let planted = folder.appendingPathComponent("planted.emojiart")
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
        let nobody: uid_t = 65_534
        guard getuid() != nobody, lchown(planted.path, nobody, gid_t(nobody)) == 0 else {
            // Only root may give a link away (CI runs as root); elsewhere the planting cannot be staged.
            return
        }
        let refused = try CommandRunner.run(["join", link, "-o", planted.path], environment: bob)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("is a link another user made"), "\(refused.standardError)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "# mine\n", "the link’s target is untouched")
    }
}
