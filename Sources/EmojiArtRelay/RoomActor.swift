import EmojiArtCollab
import Foundation

/// One room while the relay serves it: the `RoomHost` logic, its files, and its connections'
/// outgoing queues. Pushes are appended to the log as they come; one fsync then covers every
/// push that arrived meanwhile (group commit), after which they are acknowledged and broadcast.
actor RoomActor {
    let id: String
    private let host: RoomHost
    private let files: RoomFiles
    private let maxConnections: Int
    private let maxQueuedFrames: Int
    private var outgoing: [RoomHost.Connection: AsyncStream<String>.Continuation] = [:]
    private var queued: [RoomHost.Connection: QueuedBytes] = [:]
    private let maxQueuedBytes: Int
    private var nextConnection = 1
    private var flushScheduled = false
    /// Set when the disk failed: the room refuses pushes until the relay restarts (what is on
    /// disk stays a clean prefix of what was acknowledged).
    private var failure: String?

    init(id: String, room: RelayRoom, files: RoomFiles, configuration: RelayConfiguration) {
        self.id = id
        host = RoomHost(room: room, limits: configuration.roomLimits)
        self.files = files
        maxConnections = configuration.maxConnectionsPerRoom
        maxQueuedFrames = configuration.maxQueuedFrames
        maxQueuedBytes = configuration.maxQueuedBytes
    }

    /// A new connection's queue of frames to write, and the count of its bytes (the writer takes
    /// off what it wrote); nil when the room is full.
    func join() -> (RoomHost.Connection, AsyncStream<String>, QueuedBytes)? {
        guard outgoing.count < maxConnections else { return nil }
        let connection = RoomHost.Connection(nextConnection)
        nextConnection += 1
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingOldest(maxQueuedFrames))
        let bytes = QueuedBytes(limit: maxQueuedBytes)
        outgoing[connection] = continuation
        queued[connection] = bytes
        return (connection, stream, bytes)
    }

    func handle(_ message: ClientMessage, from connection: RoomHost.Connection) {
        if let failure, case .push = message {
            send(.error(RelayError(code: .storageFailed, message: failure)), to: connection)
            return
        }
        let (deliveries, change) = host.handle(message, from: connection)
        deliver(deliveries)
        switch change {
        case .received(let push)?:
            do {
                try files.append(push)
            } catch {
                fail(error)
                return
            }
            scheduleFlush()
        case .compacted(let snapshot)?:
            do {
                try files.compact(snapshot, remaining: host.room.log)
            } catch {
                fail(error)
            }
        case .admitted(let admission)?:
            do {
                try files.record(admission)
            } catch {
                fail(error)
            }
        case nil:
            break
        }
    }

    func leave(_ connection: RoomHost.Connection) {
        close(connection)
        deliver(host.disconnected(connection))
    }

    /// Everything durable so far (tests and the relay's shutdown).
    func flush() {
        flushScheduled = false
        guard failure == nil else { return }
        do {
            try files.sync()
        } catch {
            fail(error)
            return
        }
        deliver(host.commit())
    }

    var room: RelayRoom { host.room }

    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        // Runs after the pushes already waiting for this actor, so one fsync covers them all.
        Task { self.flush() }
    }

    private func fail(_ error: any Error) {
        failure = "The relay cannot store this room's edits right now (\(error)); they stay in your outbox and are sent when it can."
        for connection in Array(outgoing.keys) {
            send(.error(RelayError(code: .storageFailed, message: failure!)), to: connection)
            close(connection)
        }
    }

    private func deliver(_ deliveries: [RoomHost.Delivery]) {
        var lastMessage: RelayMessage?
        var lastFrame = ""
        for delivery in deliveries {
            if delivery.message != lastMessage {
                lastMessage = delivery.message
                lastFrame = Self.frame(delivery.message)
            }
            enqueue(lastFrame, to: delivery.to)
        }
    }

    private func send(_ message: RelayMessage, to connection: RoomHost.Connection) {
        enqueue(Self.frame(message), to: connection)
    }

    private func enqueue(_ frame: String, to connection: RoomHost.Connection) {
        guard let continuation = outgoing[connection] else { return }
        let fits = queued[connection]?.add(frame.utf8.count) ?? true
        guard fits, case .enqueued = continuation.yield(frame) else {
            // Too slow to keep up: closed rather than skipping frames; it reconnects and
            // catches up from its lastSeq.
            close(connection)
            deliver(host.disconnected(connection))
            return
        }
    }

    private func close(_ connection: RoomHost.Connection) {
        outgoing.removeValue(forKey: connection)?.finish()
        queued[connection] = nil
    }

    static func frame(_ message: RelayMessage) -> String {
        (try? WireCodec.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"type":"pong"}"#
    }
}
