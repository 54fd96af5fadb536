import ArgumentParser
import EmojiArtCollab
import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `emojiart relay`: runs `emojiart-relay`, installed beside `emojiart`. The relay is its own
/// executable so the app never links or loads the server stack, which would slow every launch.
struct Relay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relay",
        abstract: "Run a relay that shared documents connect to (editing together).",
        discussion: """
            Serves rooms at ws://HOST:PORT/room/ID and stores every edit in the data folder, synced to \
            disk before anyone sees it. `emojiart-relay --help` says more. Stops on Ctrl-C.
            """
    )

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = RelayDefaults.host

    @Option(help: "The port to listen on (0 picks a free one, printed at start).")
    var port = RelayDefaults.port

    @Option(help: "The folder for rooms and images (default: $XDG_STATE_HOME/emojiart/relay).")
    var data: String?

    @Option(help: "The megabytes of edits a room keeps between two compactions.")
    var maxRoomMb = RelayDefaults.maxRoomMegabytes

    @Argument(
        parsing: .allUnrecognized,
        help:
            "More options, passed to emojiart-relay as they are: the bounds for a public relay, --trust-proxy, --create-token FILE (see emojiart-relay --help)."
    )
    var relayOptions: [String] = []

    func run() throws {
        let relay = Self.relayExecutable
        guard FileManager.default.isExecutableFile(atPath: relay.path) else {
            throw ValidationError(
                localized(
                    "The relay program “{path}” is missing; install EmojiArt again (scripts/install) or run `swift build`.",
                    ["path": relay.path]))
        }
        var arguments = [relay.path, "--host", host, "--port", String(port), "--max-room-mb", String(maxRoomMb)]
        if let data { arguments += ["--data", data] }
        arguments += relayOptions
        let cArguments = arguments.map { strdup($0) } + [nil]
        execv(relay.path, cArguments)
        throw ValidationError(
            localized(
                "The relay program “{path}” could not be started ({reason}).",
                ["path": relay.path, "reason": String(cString: strerror(errno))]))
    }

    /// `emojiart-relay` in the folder of the running `emojiart` (links resolved).
    static var relayExecutable: URL {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return me.deletingLastPathComponent().appendingPathComponent("emojiart-relay")
    }
}
