import ArgumentParser

/// `emojiart`: the EmojiArt command line. Headless subcommands work without a display.
@main
struct EmojiArtCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emojiart",
        abstract: "Make pictures out of emojis on top of a background image.",
        subcommands: [Info.self]
    )
}
