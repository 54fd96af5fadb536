import ArgumentParser
import EmojiArtApp

/// `emojiart [FILE…]` opens windows; the subcommands work headless, without a display.
@main
struct EmojiArtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emojiart",
        abstract: "Make pictures out of emojis on top of a background image.",
        discussion: """
            With no subcommand, opens a window for each FILE (or an untitled document).
            Exit status: 0 when the last window closes normally; 1 when no display is available.
            """,
        subcommands: [Info.self]
    )

    @Argument(help: "The .emojiart documents to open.", completion: .file(extensions: ["emojiart"]))
    var files: [String] = []

    func run() throws {
        let files = files
        let status = MainActor.assumeIsolated { ApplicationLauncher.run(files: files) }
        if status != 0 { throw ExitCode(status) }
    }
}
