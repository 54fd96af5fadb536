import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

/// `emojiart versions` (SPEC H4) on histories the Core store writes, in a private
/// `XDG_STATE_HOME`: the command only reads them; the app takes them.
@Suite struct VersionsCommandTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A document with an id in `folder`, its history holding versions of 1, 2 and 3 emojis
    /// (numbers 1–3, a minute apart, the second named), and the environment that finds them.
    private func makeDocument(in folder: URL) throws -> (file: URL, history: DocumentHistory, environment: [String: String]) {
        let state = folder.appendingPathComponent("state")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        environment["LANGUAGE"] = nil
        environment["LANG"] = "C.UTF-8"
        var model = EmojiArtModel()
        model.documentID = UUID()
        model.collab = SharedRoom(server: "wss://relay.example", room: "room-one")
        let history = VersionStore(locations: StorageLocations(environment: environment)).history(of: model.documentID!)
        for count in 1...3 {
            model.addEmoji("🌵", at: DocumentPoint(x: Double(count * 10), y: 0), size: 40)
            try history.record(model, at: Self.start + Double(count) * 60)
        }
        try history.name(version: 2, as: "Before the party")
        let file = folder.appendingPathComponent("art.emojiart")
        try DocumentFile.write(model, to: file)
        return (file, history, environment)
    }

    @Test("versions lists newest first: number, time, emojis, size and name")
    func list() throws {
        try withTemporaryDirectory { folder in
            let (file, _, environment) = try makeDocument(in: folder)
            let result = try CommandRunner.run(["versions", file.path], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            #expect(lines.first == "art.emojiart: 3 versions")
            #expect(lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) } == ["3", "2", "1"])
            #expect(lines[1].contains("3 emojis"))
            #expect(lines[2].contains("2 emojis") && lines[2].hasSuffix("“Before the party”"))
            #expect(lines[3].contains("1 emoji "))
        }
    }

    @Test("versions --json prints the documented shape")
    func json() throws {
        try withTemporaryDirectory { folder in
            let (file, history, environment) = try makeDocument(in: folder)
            let result = try CommandRunner.run(["versions", "--json", file.path], environment: environment)
            #expect(result.status == 0)
            let rows = try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
            #expect(rows.map { $0["number"] as? Int } == [3, 2, 1])
            #expect(rows.map { $0["emojis"] as? Int } == [3, 2, 1])
            #expect(rows.map { $0["named"] as? Bool } == [false, true, false])
            #expect(rows[1]["name"] as? String == "Before the party")
            #expect(rows[0]["name"] is NSNull)
            #expect(rows[0]["bytes"] as? Int == (try history.versions().first?.byteCount))
            #expect(rows[2]["time"] as? String == ISO8601DateFormatter().string(from: Self.start + 60))
        }
    }

    @Test("--restore N -o OUT writes version N as a new, unshared document; over FILE it keeps its id and room")
    func restore() throws {
        try withTemporaryDirectory { folder in
            let (file, history, environment) = try makeDocument(in: folder)
            let output = folder.appendingPathComponent("copy.emojiart")
            let result = try CommandRunner.run(["versions", file.path, "--restore", "2", "-o", output.path], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            let copy = try DocumentFile.read(from: output)
            #expect(copy.emojis == (try history.model(ofVersion: 2)).emojis)
            #expect(copy.documentID != nil && copy.documentID != history.documentID)
            #expect(copy.collab == nil)
            // Onto the document itself, it keeps its history.
            let inPlace = try CommandRunner.run(["versions", file.path, "--restore", "1", "-o", file.path], environment: environment)
            #expect(inPlace.status == 0)
            let restored = try DocumentFile.read(from: file)
            #expect(restored.emojis.count == 1)
            #expect(restored.documentID == history.documentID)
            #expect(restored.collab?.room == "room-one")
        }
    }

    @Test("a version that is not there exits 2, and OUT is left as it was")
    func badNumber() throws {
        try withTemporaryDirectory { folder in
            let (file, _, environment) = try makeDocument(in: folder)
            let output = folder.appendingPathComponent("keep.emojiart")
            try Data("precious".utf8).write(to: output)
            let result = try CommandRunner.run(["versions", file.path, "--restore", "9", "-o", output.path], environment: environment)
            #expect(result.status == 2)
            #expect(result.standardError.contains("There is no version 9 of this document."))
            #expect(try Data(contentsOf: output) == Data("precious".utf8))
        }
    }

    @Test("a document without versions says so: listed, exit 0; restored, exit 2")
    func noVersions() throws {
        try withTemporaryDirectory { folder in
            let (_, _, environment) = try makeDocument(in: folder)
            let list = try CommandRunner.run(["versions", "examples/sunny-meadow.emojiart"], environment: environment)
            #expect(list.status == 0)
            #expect(list.standardOutput.contains("“sunny-meadow.emojiart” has no earlier versions."))
            let json = try CommandRunner.run(["versions", "--json", "examples/sunny-meadow.emojiart"], environment: environment)
            #expect(json.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")
            let output = folder.appendingPathComponent("out.emojiart")
            let restore = try CommandRunner.run(
                ["versions", "examples/sunny-meadow.emojiart", "--restore", "1", "-o", output.path], environment: environment)
            #expect(restore.status == 2)
            #expect(restore.standardError.contains("has no earlier versions"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test("a damaged history exits 2 with one sentence; an unreadable document exits 1")
    func damaged() throws {
        try withTemporaryDirectory { folder in
            let (file, history, environment) = try makeDocument(in: folder)
            try Data("{".utf8).write(to: history.folder.appendingPathComponent("index.json"))
            let result = try CommandRunner.run(["versions", file.path], environment: environment)
            #expect(result.status == 2)
            #expect(result.standardError.contains("are damaged"))
            let missing = try CommandRunner.run(["versions", "no-such.emojiart"], environment: environment)
            #expect(missing.status == 1)
        }
    }

    @Test("--restore without -o, or -o without --restore, is a usage error")
    func usage() throws {
        #expect(try CommandRunner.run(["versions", "examples/sunny-meadow.emojiart", "--restore", "1"]).status == 64)
        #expect(try CommandRunner.run(["versions", "examples/sunny-meadow.emojiart", "-o", "x.emojiart"]).status == 64)
        let help = try CommandRunner.run(["versions", "--help"])
        #expect(help.standardOutput.contains("Exit status"))
    }
}
