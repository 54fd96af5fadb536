import Foundation
import Testing

@testable import emojiart

/// The manual pages in data/man are what `scripts/generate-man-pages` writes from the programs'
/// own help (SPEC I1), so they cannot drift from `--help`.
@Suite struct ManualPageTests {
    @Test("the committed manual pages equal the ones the built programs' help gives")
    func pagesAreCurrent() throws {
        let (status, output) = try CommandRunner.runTool(
            "python3",
            [
                CommandRunner.packageRoot.appendingPathComponent("scripts/generate-man-pages").path,
                "--check", CommandRunner.executableURL.deletingLastPathComponent().path,
            ])
        #expect(status == 0, "\(output)")
    }

    @Test("emojiart(1) has a section for every subcommand")
    func everySubcommand() throws {
        let page = try String(contentsOf: CommandRunner.packageRoot.appendingPathComponent("data/man/emojiart.1"), encoding: .utf8)
        for subcommand in EmojiArtCommand.parserWords.subtracting(["help"]) {
            #expect(page.contains(".SS \"emojiart \(subcommand)\""), "no section for \(subcommand)")
        }
    }
}
