import EmojiArtCollab
import EmojiArtCore
import Foundation

/// How a relay runs: where it listens, where it keeps its data, and its bounds (C1, C8).
public struct RelayConfiguration: Sendable {
    public var host: String
    /// 0 picks a free port (tests).
    public var port: Int
    public var dataFolder: URL
    /// The largest WebSocket message read; larger ones close the connection. Messages between
    /// `CollabProtocol.maxFrameBytes` and this are answered with a `tooLarge` error instead.
    public var maxMessageBytes: Int
    public var roomLimits: RoomHost.Limits
    /// Connections one room serves at once.
    public var maxConnectionsPerRoom: Int
    /// How long a connection that said hello may take to prove membership (C10).
    public var proofTimeout: Duration = .seconds(10)
    /// The largest background image a blob may be.
    public var maxBlobBytes: Int
    /// Frames waiting for one slow connection before it is closed (it catches up by reconnecting).
    public var maxQueuedFrames: Int
    /// Bytes of those frames: the bound that matters when frames are large (welcomes, snapshots).
    public var maxQueuedBytes: Int
    /// The bounds a relay reachable by strangers keeps (C8).
    public var bounds: RelayBounds
    /// When set, rooms and images live in this PostgreSQL database instead of `dataFolder`, and
    /// any number of relays on it serve any room (C9).
    public var database: PostgresLocation?
    /// With a database: how often rooms with someone in them look for pushes other relays made,
    /// in case a notification was missed.
    public var pollInterval: Duration = .seconds(2)
    /// With a database: how long a room waits for it to make pushes durable before it fails and
    /// its members reconnect (`RoomActor.flush`). A sync takes milliseconds; a database that is
    /// restarting is waited for until then.
    public var storeDeadline: Duration = .seconds(10)
    /// The browser client's files, served at `/r/ROOM` and `/web/NAME` (C11): the program's own
    /// (`ProgramFiles.webClientDirectory`, or `$EMOJIART_WEB_CLIENT_DIR`); nil serves none.
    public var webClientFolder: URL? = ProgramFiles.webClientDirectory()

    public init(
        host: String = RelayDefaults.host, port: Int = RelayDefaults.port, dataFolder: URL,
        maxMessageBytes: Int = 2 * CollabProtocol.maxFrameBytes, roomLimits: RoomHost.Limits = .init(),
        maxConnectionsPerRoom: Int = 64, maxBlobBytes: Int = 32 * 1024 * 1024, maxQueuedFrames: Int = 20_000,
        maxQueuedBytes: Int = 32 * 1024 * 1024, bounds: RelayBounds = .init()
    ) {
        self.host = host
        self.port = port
        self.dataFolder = dataFolder
        self.maxMessageBytes = maxMessageBytes
        self.roomLimits = roomLimits
        self.maxConnectionsPerRoom = maxConnectionsPerRoom
        self.maxBlobBytes = maxBlobBytes
        self.maxQueuedFrames = maxQueuedFrames
        self.maxQueuedBytes = maxQueuedBytes
        self.bounds = bounds
    }
}

/// What one stranger, or all of them together, may take from a relay (SPEC C8). Every count is
/// per client address: the connection's, or from one of `trustedProxies` the last `X-Forwarded-For` hop.
public struct RelayBounds: Sendable {
    /// Open connections (HTTP or WebSocket) from one address: what a slowloris or an upgrade
    /// flood from one machine can hold.
    public var connectionsPerAddress = 32
    /// New rooms one address may make in a minute (a token bucket of this size).
    public var roomsPerMinute = 30
    /// Rooms in all, on disk: the data folder's file count and the registry's memory.
    public var maxRooms = 10_000
    /// The whole data folder; when reached, new rooms and new blobs are refused (507) while
    /// existing rooms keep taking edits (each within `RoomHost.Limits.maxLogBytes`).
    public var maxDataBytes: Int64 = 4096 * 1_048_576
    /// A room nobody connected to or pushed to for this long is deleted; nil keeps rooms forever.
    public var roomTimeToLive: Duration?
    /// The proxies in front whose last `X-Forwarded-For` hop names the client; any other peer
    /// counts under its own address.
    public var trustedProxies = TrustedProxies.none
    /// When set, `PUT /room` needs `Authorization: Bearer <token>`.
    public var createToken: String?
    /// A request's headers must be complete this long after the connection opened (and a
    /// connection idle between requests is closed after it).
    public var headerTimeout: Duration = .seconds(10)
    /// After `headerTimeout`, a body must keep arriving at least this fast on average.
    public var minimumBodyBytesPerSecond = 16 * 1024
    /// A WebSocket that answers no ping for this long is closed (pings go out every half of it).
    public var pingTimeout: Duration = .seconds(60)
    /// How often untouched rooms are looked for (and the data folder measured again).
    public var sweepPeriod: Duration = .seconds(3600)

    public init() {}
}
