import ArgumentParser
import EmojiArtCollab
import EmojiArtCore
import EmojiArtRelay
import Foundation

/// `emojiart-relay`: the relay for editing together (SPEC C1, C8), on its own so the app never
/// loads the server stack; `emojiart relay` runs it.
@main
struct RelayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emojiart-relay",
        abstract: "Run a relay that shared EmojiArt documents connect to.",
        discussion: """
            Serves rooms over WebSocket at ws://HOST:PORT/room/ID, background images at \
            /blob/SHA256, and the browser client at /r/ID (a room's web link) and /web/NAME, from the files \
            installed in PREFIX/share/emojiart-relay/web (or the folder $EMOJIART_WEB_CLIENT_DIR names). Every edit is written to the data folder and synced to disk before anyone \
            sees it, so stopping the relay in any way loses no edit it acknowledged. The relay never \
            reads the edits: in an encrypted room (the key after “#” in the link) it cannot.
            On a public address, run it behind a TLS proxy named with --trust-proxy; the bounds below keep \
            strangers from filling its disk or holding its connections (docs/sharing.md, “Running a relay”).
            Stops on SIGTERM or SIGINT.
            """,
        version: AppVersion.current
    )

    @Option(help: "The address to listen on (0.0.0.0 for every interface).")
    var host = RelayDefaults.host

    @Option(help: "The port to listen on (0 picks a free one, printed at start).")
    var port = RelayDefaults.port

    @Option(help: "The folder for rooms and images (default: $XDG_STATE_HOME/emojiart/relay).")
    var data: String?

    @Option(
        help:
            "Keep rooms and images in this PostgreSQL database instead of the data folder, so that any number of relays on it serve any room: postgres://USER[:PASSWORD]@HOST[:PORT]/DB."
    )
    var store: String?

    @Option(help: .hidden)
    var pollSeconds = 2.0

    @Option(help: "The megabytes of edits a room keeps between two compactions.")
    var maxRoomMb = RelayDefaults.maxRoomMegabytes

    @Option(help: "Open connections one client address may have.")
    var connectionsPerAddress = 32

    @Option(help: "New rooms one client address may make in a minute.")
    var roomsPerMinute = 30

    @Option(help: "Rooms the relay holds in all.")
    var maxRooms = 10_000

    @Option(help: "Megabytes the whole data folder may take; then new rooms and images are refused (existing rooms keep working).")
    var maxDataMb = 4096

    @Option(help: "Delete a room nobody connected to or edited for this many days (0 keeps rooms forever).")
    var roomTtlDays = 0

    @Option(
        help: ArgumentHelp(
            "Count clients by the last X-Forwarded-For hop of requests from these proxies of your own (e.g. 127.0.0.1,::1).",
            valueName: "addresses"))
    var trustProxy: String?

    @Option(help: "A file whose first line is the token that making a room needs (Authorization: Bearer); joining needs none.")
    var createToken: String?

    @Option(help: .hidden)
    var headerTimeoutSeconds = 10.0

    @Option(help: .hidden)
    var pingTimeoutSeconds = 60.0

    @Option(help: .hidden)
    var proofTimeoutSeconds = 10.0

    @Option(help: .hidden)
    var maxConnectionsPerRoom = 64

    /// Binds the translations before anything is parsed or printed, as `emojiart` does.
    static func main() async {
        RelayTranslations.install()
        await main(nil)
    }

    func validate() throws {
        for (name, value) in [
            ("--connections-per-address", connectionsPerAddress), ("--rooms-per-minute", roomsPerMinute), ("--max-rooms", maxRooms),
            ("--max-data-mb", maxDataMb),
        ] where value < 1 {
            throw ValidationError(localized("{option} must be at least 1.", ["option": name]))
        }
        guard roomTtlDays >= 0 else { throw ValidationError(localized("{option} cannot be negative.", ["option": "--room-ttl-days"])) }
        if let store {
            guard PostgresLocation(store) != nil else {
                throw ValidationError(
                    localized(
                        "{option} takes a database as postgres://USER@HOST[:PORT]/DB, not “{value}”.",
                        ["option": "--store", "value": store]))
            }
            guard roomTtlDays == 0 else {
                throw ValidationError(
                    localized("{option} works with the data folder only, not with --store.", ["option": "--room-ttl-days"]))
            }
        }
    }

    func run() async throws {
        // Everything the relay makes is its owner's alone (SPEC C10, `RelayFiles`).
        umask(0o077)
        let folder = data.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Self.defaultDataFolder
        var configuration = RelayConfiguration(host: host, port: port, dataFolder: folder)
        configuration.roomLimits.maxLogBytes = maxRoomMb * 1_048_576
        configuration.bounds.connectionsPerAddress = connectionsPerAddress
        configuration.bounds.roomsPerMinute = roomsPerMinute
        configuration.bounds.maxRooms = maxRooms
        configuration.bounds.maxDataBytes = Int64(maxDataMb) * 1_048_576
        configuration.bounds.roomTimeToLive = roomTtlDays > 0 ? .seconds(roomTtlDays * 86_400) : nil
        do {
            configuration.bounds.trustedProxies = try trustProxy.map(TrustedProxies.init(list:)) ?? .none
        } catch {
            FileHandle.standardError.write(Data("emojiart-relay: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
        configuration.bounds.headerTimeout = .seconds(headerTimeoutSeconds)
        configuration.bounds.pingTimeout = .seconds(pingTimeoutSeconds)
        configuration.proofTimeout = .seconds(proofTimeoutSeconds)
        configuration.maxConnectionsPerRoom = maxConnectionsPerRoom
        configuration.database = store.flatMap(PostgresLocation.init)
        configuration.pollInterval = .seconds(pollSeconds)
        let dataLocation = configuration.database?.description ?? folder.path
        do {
            configuration.bounds.createToken = try createToken.map { try TokenFile.read(URL(fileURLWithPath: $0)) }
            let server = RelayServer(configuration: configuration)
            let host = host
            try await server.run(signals: true) { port in
                // Tests read the port from this line (with --port 0): the address stays as it is in every language.
                let line = localized(
                    "Relay listening on {address} (data in {folder})", ["address": "ws://\(host):\(port)", "folder": dataLocation])
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        } catch let error as RelayStartError {
            FileHandle.standardError.write(Data("emojiart-relay: \(error.description)\n".utf8))
            throw ExitCode(1)
        } catch let error as TokenFileError {
            FileHandle.standardError.write(Data("emojiart-relay: \(error.description)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// `$XDG_STATE_HOME/emojiart/relay`, by the app's one XDG rule (a relative or empty
    /// XDG_STATE_HOME is ignored, as the specification requires).
    static var defaultDataFolder: URL {
        StorageLocations().stateDirectory.appendingPathComponent("relay", isDirectory: true)
    }
}
