import EmojiArtCollab
import Foundation

/// How a relay runs: where it listens, where it keeps its data, and its bounds (C1).
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
    /// The largest background image a blob may be.
    public var maxBlobBytes: Int
    /// Frames waiting for one slow connection before it is closed (it catches up by reconnecting).
    public var maxQueuedFrames: Int

    public init(
        host: String = "127.0.0.1", port: Int = 7447, dataFolder: URL,
        maxMessageBytes: Int = 2 * CollabProtocol.maxFrameBytes, roomLimits: RoomHost.Limits = .init(),
        maxConnectionsPerRoom: Int = 64, maxBlobBytes: Int = 32 * 1024 * 1024, maxQueuedFrames: Int = 20_000
    ) {
        self.host = host
        self.port = port
        self.dataFolder = dataFolder
        self.maxMessageBytes = maxMessageBytes
        self.roomLimits = roomLimits
        self.maxConnectionsPerRoom = maxConnectionsPerRoom
        self.maxBlobBytes = maxBlobBytes
        self.maxQueuedFrames = maxQueuedFrames
    }
}
