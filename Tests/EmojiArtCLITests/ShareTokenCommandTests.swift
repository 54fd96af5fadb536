import EmojiArtCollab
import EmojiArtTestSupport
import Foundation
import Testing

/// `emojiart share --token-file` against a relay run with `--create-token` (SPEC C8): without the
/// token, or with another, share says so in a sentence of its own and exits 1, never repeating a
/// token; with it, the room is made.
@Suite(.serialized) struct ShareTokenCommandTests {
    @Test("share without the token, with a wrong one, then with the relay’s")
    func shareWithToken() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokenFile = folder.appendingPathComponent("relay-token")
        try Data("relay-secret-7731\n".utf8).write(to: tokenFile)
        let wrongFile = folder.appendingPathComponent("wrong-token")
        try Data("guessed-secret-0000".utf8).write(to: wrongFile)
        for file in [tokenFile, wrongFile] {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        }
        // `emojiart relay` passes the options it does not know to emojiart-relay.
        let relay = try RelayProcess(command: [CommandRunner.executableURL.path, "relay", "--create-token", tokenFile.path])
        let ann = try CollabCommandTests.environment("ann")

        let document = try CollabCommandTests.copyExample("sunny-meadow.emojiart")
        let refused = try CommandRunner.run(["share", document.path, "--relay", relay.server], environment: ann)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("needs a token to make a room"), "\(refused.standardError)")

        let wrong = try CommandRunner.run(
            ["share", document.path, "--relay", relay.server, "--token-file", wrongFile.path], environment: ann)
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("did not accept the token"), "\(wrong.standardError)")
        #expect(!wrong.standardError.contains("guessed-secret"), "no message repeats a token")

        let missingFile = try CommandRunner.run(
            ["share", document.path, "--relay", relay.server, "--token-file", folder.appendingPathComponent("nothing").path],
            environment: ann)
        #expect(missingFile.status == 1)
        #expect(missingFile.standardError.contains("token file"), "\(missingFile.standardError)")

        let shared = try CommandRunner.run(
            ["share", document.path, "--relay", relay.server, "--token-file", tokenFile.path], environment: ann)
        #expect(shared.status == 0, "\(shared.standardError)")
        let link = try RoomLink(parsing: shared.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(!shared.standardOutput.contains("relay-secret"))

        let bob = try CollabCommandTests.environment("bob")
        let joined = folder.appendingPathComponent("joined.emojiart")
        let join = try CommandRunner.run(["join", link.description, "-o", joined.path], environment: bob)
        #expect(join.status == 0, "joining needs no token: \(join.standardError)")
    }
}
