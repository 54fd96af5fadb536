import ArgumentParser
import EmojiArtApp
import EmojiArtCore
import Foundation

/// `emojiart [FILE…]` opens windows (the default `open` subcommand); the other subcommands work
/// headless, without a display.
@main
struct EmojiArtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emojiart",
        abstract: "Make pictures out of emojis on top of a background image.",
        discussion: """
            Run with .emojiart files (or none) to open them in windows; `emojiart open --help` says more.
            The subcommands below other than `open` work without a display.
            """,
        version: AppVersion.current,
        subcommands: [Open.self, Info.self, Render.self, Versions.self, Share.self, Join.self, Relay.self],
        defaultSubcommand: Open.self
    )

    /// Binds the translations before anything is parsed or printed (SPEC A3), then runs.
    static func main() {
        Translations.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if opensWindowsWithoutParsing(arguments) {
            // What `Open` would do, without building the parser of every subcommand first: the
            // common launch (`emojiart`, `emojiart art.emojiart`) is timed against a bare window.
            let status = MainActor.assumeIsolated { ApplicationLauncher.run(files: arguments) }
            Foundation.exit(status)
        }
        main(nil)
    }

    /// Whether `arguments` can only mean `emojiart open FILE…`: no option (anything starting with
    /// "-", "--help" and "--" included) and no subcommand name first. Everything else goes
    /// through swift-argument-parser, which gives the same result for these and the messages.
    static func opensWindowsWithoutParsing(_ arguments: [String]) -> Bool {
        guard !arguments.contains(where: { $0.hasPrefix("-") }) else { return false }
        guard let first = arguments.first else { return true }
        return !parserWords.contains(first)
    }

    /// The first words swift-argument-parser takes as a subcommand: the subcommands' names and
    /// "help". Written out so that the launch reads no parser configuration at all; a test keeps
    /// the list equal to the parser's. Each subcommand names itself in its configuration: without
    /// a name the parser derives it from the type with `String(describing:)`, whose dynamic casts
    /// made the Swift runtime search the whole binary's protocol conformances several times.
    static let parserWords: Set<String> = ["open", "info", "render", "versions", "share", "join", "relay", "help"]
}
