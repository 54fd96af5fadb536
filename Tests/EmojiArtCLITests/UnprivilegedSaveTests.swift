import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A save into a folder the user may not write in (SPEC E2: a failed write gets a sentence and loses
/// nothing), by another user than root: CI runs as root, which writes anywhere, so the test drops
/// to `nobody` in a child (`setpriv`) instead of skipping there (issue 50).
@Suite struct UnprivilegedSaveTests {
    @Test("render into a read-only folder, as a user who may not write there, fails with the sentence and keeps the old file")
    func readOnlyFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("unprivileged-\(UUID().uuidString)")
        let output = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: output.path)
            try? FileManager.default.removeItem(at: root)
        }
        let document = root.appendingPathComponent("art.emojiart")
        try Data(#"{"background": {}, "emojis": [{"text": "🦊", "x": 0, "y": 0, "size": 40, "id": 1}], "uniqueEmojiId": 1}"#.utf8)
            .write(to: document)
        let picture = output.appendingPathComponent("art.png")
        try Data("the old picture".utf8).write(to: picture)
        for (path, mode) in [(root.path, 0o755), (document.path, 0o644), (picture.path, 0o644), (output.path, 0o555)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }

        let process = Process()
        let emojiart = CommandRunner.builtProgram("emojiart").path
        let arguments = ["render", document.path, "-o", picture.path]
        if geteuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", emojiart] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: emojiart)
            process.arguments = arguments
        }
        process.environment = ["HOME": root.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = root
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 3, "\(said)")
        #expect(said.contains("you don’t have permission to write in the folder"), "\(said)")
        #expect(try Data(contentsOf: picture) == Data("the old picture".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["art.png"])
    }
}
