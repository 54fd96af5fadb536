import Foundation
import Testing

@testable import emojiart

/// `emojiart [FILE…]` and `emojiart open [FILE…]` reach the same launcher, whether the arguments
/// went through swift-argument-parser or its fast path for plain file names; options and
/// subcommand names still go through the parser. Run without a display, so the launcher answers
/// at once with its one-line message and exit status 1 (SPEC E4).
@Suite struct OpenCommandTests {
    private var withoutDisplay: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = nil
        return environment
    }

    @Test("without a display the GUI says so in one line, names the headless commands and exits 1 (E4)")
    func noDisplay() throws {
        let result = try CommandRunner.run(["examples/sunny-meadow.emojiart"], environment: withoutDisplay)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.standardError.contains("no display"))
        #expect(result.standardError.contains("emojiart info"))
    }

    @Test(
        "plain file names, none, or `open` first all reach the launcher",
        arguments: [
            [], ["examples/sunny-meadow.emojiart"], ["open"], ["open", "examples/sunny-meadow.emojiart"],
            ["examples/sunny-meadow.emojiart", "examples/embedded-hill.emojiart"],
        ])
    func launcherWithoutDisplay(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments, environment: withoutDisplay)
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot open a window: no display found"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("options and subcommand names still go through the parser", arguments: [["--help"], ["help"], ["open", "--help"]])
    func parserStillAnswers(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments, environment: withoutDisplay)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: emojiart"), "\(result.standardOutput)")
        #expect(!result.standardError.contains("no display found"))
    }

    @Test("the fast path's list of subcommand words is the parser's")
    func parserWordsMatch() {
        let derived = EmojiArtCommand.configuration.subcommands.map { $0._commandName }
        #expect(EmojiArtCommand.parserWords == Set(derived + ["help"]))
    }

    @Test("an unknown option after a file name is refused by the parser, not opened")
    func unknownOptionRefused() throws {
        let result = try CommandRunner.run(["examples/sunny-meadow.emojiart", "--frobnicate"], environment: withoutDisplay)
        #expect(result.status != 0)
        #expect(result.standardError.contains("--frobnicate"), "\(result.standardError)")
        #expect(!result.standardError.contains("no display found"))
    }
}
