import ArgumentParser
import EmojiArtApp

/// `emojiart [open] [FILE…]`: opens each document in a window of its own (SPEC W1, W3).
struct Open: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open documents in windows (the default when no subcommand is given).",
        discussion: """
            Opens a window for each FILE, or one untitled document when there is none. A file that
            cannot be opened shows an error dialog; the others still open.

            Exit status: 0 when the last window closes; 1 when no display is available (the
            headless commands, such as `emojiart info`, still work then).
            """
    )

    @Argument(help: "The .emojiart documents to open.", completion: .file(extensions: ["emojiart"]))
    var files: [String] = []

    func run() throws {
        let files = files
        let status = MainActor.assumeIsolated { ApplicationLauncher.run(files: files) }
        if status != 0 { throw ExitCode(status) }
    }
}
