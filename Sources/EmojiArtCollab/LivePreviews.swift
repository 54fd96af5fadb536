/// Others' drags in progress as one replica sees them (C3): the latest frame of each emoji and
/// who sends it. Display only — frames never enter the session's state or the document's model.
/// A drag's frames go when its author's next push arrives (the drag's one stored edit, sent when
/// it ends), when the author leaves or the connection drops, and after `timeout` without a frame
/// (a sender that vanished without a `left`; a held drag repeats its last frame every
/// `heartbeat`, so a pointer resting mid-drag keeps showing).
public struct LivePreviews: Sendable {
    public struct Entry: Hashable, Sendable {
        public var frame: PreviewFrame
        public var client: ClientID
        /// When the last frame for it arrived, on the bridge's clock.
        public var received: Duration
    }

    /// How often a held drag's last frame goes out again.
    public static let heartbeat = Duration.seconds(1)
    /// A frame older than this, with none after it, is dropped.
    public static let timeout = Duration.seconds(3)

    public private(set) var entries: [CollabID: Entry] = [:]

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }

    public mutating func receive(_ frame: PreviewFrame, from client: ClientID, at time: Duration) {
        entries[frame.cid] = Entry(frame: frame, client: client, received: time)
    }

    /// `client`'s push arrived: its drags ended, and the push holds where they ended.
    public mutating func committed(by client: ClientID) {
        entries = entries.filter { $0.value.client != client }
    }

    /// `client` left the room.
    public mutating func left(_ client: ClientID) {
        committed(by: client)
    }

    public mutating func removeAll() {
        entries.removeAll()
    }

    /// Drops frames older than `timeout` at `time`; returns whether any went.
    @discardableResult
    public mutating func expire(at time: Duration) -> Bool {
        let before = entries.count
        entries = entries.filter { time - $0.value.received <= Self.timeout }
        return entries.count != before
    }
}
