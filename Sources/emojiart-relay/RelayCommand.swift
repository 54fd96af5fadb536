import ArgumentParser
import EmojiArtRelay
import Foundation

/// `emojiart-relay`: the relay for editing together (SPEC C1), on its own so the app never loads
/// the server stack; `emojiart relay` runs it.
@main
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emojiart-relay",
        abstract: "Run a relay that shared EmojiArt documents connect to.",
        discussion: """
            Serves rooms over WebSocket at ws://HOST:PORT/room/ID and background images at \
            /blob/SHA256. Every edit is written to the data folder and synced to disk before anyone \
            sees it, so stopping the relay in any way loses no edit it acknowledged. The relay never \
            reads the edits: in an encrypted room (the key after “#” in the link) it cannot.
            Stops on SIGTERM or SIGINT.
            """
    )

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one, printed at start).")
    var port = 7447

    @Option(help: "The folder for rooms and images (default: $XDG_STATE_HOME/emojiart/relay).")
    var data: String?

    @Option(help: "The megabytes of edits a room keeps between two compactions.")
    var maxRoomMb = 256

    func run() async throws {
        let folder = data.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Self.defaultDataFolder
        var configuration = RelayConfiguration(host: host, port: port, dataFolder: folder)
        configuration.roomLimits.maxLogBytes = maxRoomMb * 1_048_576
        let server = RelayServer(configuration: configuration)
        let host = host
        try await server.run(signals: true) { port in
            // Tests read the port from this line (with --port 0).
            FileHandle.standardOutput.write(Data("Relay listening on ws://\(host):\(port) (data in \(folder.path))\n".utf8))
        }
    }

    static var defaultDataFolder: URL {
        let environment = ProcessInfo.processInfo.environment
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("emojiart/relay", isDirectory: true)
    }
}
