import ArgumentParser
import EmojiArtApp

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
        subcommands: [Open.self, Info.self, Render.self, Share.self, Join.self, Relay.self],
        defaultSubcommand: Open.self
    )

    /// Binds the translations before anything is parsed or printed (SPEC A3), then runs.
    static func main() {
        Translations.install()
        main(nil)
    }
}
