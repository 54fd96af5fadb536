import EmojiArtCore
import Foundation
import Testing

/// One version everywhere (SPEC I2): `VERSION`, which the packaging scripts read, the Swift
/// constant behind `--version` and the About window, the metainfo's newest release, NEWS.md and
/// the Debian changelog.
@Suite struct VersionTests {
    private var root: URL { CommandRunner.packageRoot }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The first capture of `pattern` in `path`: the newest entry of a file listing releases.
    private func newest(_ pattern: String, in path: String) throws -> String? {
        let contents = try text(path)
        return contents.firstMatch(of: try Regex(pattern)).map { String($0.output[1].substring ?? "") }
    }

    private var fileVersion: String {
        get throws { try text("VERSION").trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test("VERSION and the Swift constant agree")
    func constant() throws {
        #expect(try fileVersion == AppVersion.current)
    }

    @Test("emojiart --version and emojiart-relay --version print VERSION", arguments: ["emojiart", "emojiart-relay"])
    func versionFlag(program: String) throws {
        let (status, output) = try CommandRunner.runProgram(CommandRunner.builtProgram(program), ["--version"])
        #expect(status == 0)
        #expect(output == "\(try fileVersion)\n")
    }

    @Test("the metainfo's newest release, NEWS.md and the Debian changelog name VERSION")
    func releaseNotes() throws {
        let version = try fileVersion
        #expect(try newest(#"<release version="([^"]+)""#, in: "data/io.github.emojiart.EmojiArt.metainfo.xml") == version)
        #expect(try newest(#"(?m)^## (\S+) \("#, in: "NEWS.md") == version)
        #expect(try newest(#"^emojiart \(([^)]+)\)"#, in: "packaging/changelog") == version)
    }
}
