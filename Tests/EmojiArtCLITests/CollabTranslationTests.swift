import EmojiArtCollab
import EmojiArtTestSupport
import Foundation
import Testing

/// The collaboration commands speak the language LANGUAGE selects (SPEC A3): a bad link, a relay
/// address that is not one, and a relay's refusal — sent as a code, worded by the client — are
/// said wholly in German.
@Suite(.serialized, .scratchFolder) struct CollabTranslationTests {
    /// The catalogs compiled into a folder of this suite's own, and an environment speaking German.
    private static func german() throws -> (environment: [String: String], catalogs: URL) {
        let folder = TestScratch.folder.appendingPathComponent("emojiart-locale-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = CommandRunner.packageRoot.appendingPathComponent("scripts/compile-translations")
        process.arguments = [folder.path]
        process.currentDirectoryURL = CommandRunner.packageRoot
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var environment = try CollabCommandTests.environment("de")
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = "de"
        environment["EMOJIART_LOCALEDIR"] = folder.path
        return (environment, folder)
    }

    @Test("with LANGUAGE=de, join and share explain a bad link and a bad relay address in German")
    func badInputInGerman() throws {
        let (environment, catalogs) = try Self.german()
        defer { try? FileManager.default.removeItem(at: catalogs) }
        let output = TestScratch.folder.appendingPathComponent("\(UUID().uuidString).emojiart").path

        let notALink = try CommandRunner.run(["join", "https://example.com/x", "-o", output], environment: environment)
        #expect(notALink.status != 0)
        #expect(
            notALink.standardError.contains(
                "„https://example.com/x“ ist kein Raum-Link; ein Link sieht so aus: emojiart://relay.example:7447/ROOM#KEY."),
            "\(notALink.standardError)")
        #expect(!notALink.standardError.contains("is not a room link"), "\(notALink.standardError)")

        let badKey = try CommandRunner.run(["join", "emojiart://127.0.0.1:9/abcdefgh#short", "-o", output], environment: environment)
        #expect(badKey.status != 0)
        #expect(badKey.standardError.contains("Der Raumschlüssel (der Teil des Links nach „#“) ist ungültig"), "\(badKey.standardError)")
        #expect(!badKey.standardError.contains("is not valid"), "\(badKey.standardError)")

        let document = CommandRunner.packageRoot.appendingPathComponent("examples/sunny-meadow.emojiart").path
        let badRelay = try CommandRunner.run(["share", document, "--relay", "http://relay.example"], environment: environment)
        #expect(badRelay.status != 0)
        #expect(badRelay.standardError.contains("„http://relay.example“ ist keine Relay-Adresse"), "\(badRelay.standardError)")
        #expect(!badRelay.standardError.contains("is not a relay address"), "\(badRelay.standardError)")
    }

    @Test("with LANGUAGE=de, a relay’s refusal (no such room) is worded in German from its code")
    func relayRefusalInGerman() throws {
        let (environment, catalogs) = try Self.german()
        defer { try? FileManager.default.removeItem(at: catalogs) }
        let relay = try CollabCommandTests.relay()
        let output = TestScratch.folder.appendingPathComponent("\(UUID().uuidString).emojiart")
        let link = RoomLink(server: relay.server, room: "no-such-room", key: "AAAAAAAAAAAAAAAAAAAAAA")
        let refused = try CommandRunner.run(["join", link.description, "-o", output.path, "--timeout", "10"], environment: environment)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains(
                "Auf diesem Relay gibt es keinen solchen Raum; prüfen Sie den Link oder teilen Sie das Dokument erneut."),
            "\(refused.standardError)")
        #expect(!refused.standardError.contains("There is no"), "the relay’s English stays out: \(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
