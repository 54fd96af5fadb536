import EmojiArtCollab
import EmojiArtCollabNet
import Foundation

/// One client of a room as the CLI's and the app's are: a `SyncSession` sealing with AES-GCM
/// behind a real `WebSocketRelayLink`, its events handled by one task. It stamps the instant its
/// session first meets a condition, inside that task right after applying the event — so a
/// latency ends where the edit was applied, not whenever the benchmark's task next runs.
final class CollabPeer: @unchecked Sendable {
    let link: WebSocketRelayLink
    private let session: SyncSession
    private let lock = NSLock()
    private var watch: (condition: (RelayLinkEvent?, SyncSession) -> Bool, arrival: Arrival)?
    private var observer: ((RelayLinkEvent, SyncSession) -> Void)?
    private var consumer: Task<Void, Never>?

    init(address: RoomLink, key: RoomKey, seed: UInt64) throws {
        link = WebSocketRelayLink(address: address)
        session = try SyncSession(
            room: address.room, journal: InMemoryOutboxJournal(), sealer: AESGCMSealer(key: key), random: SeededRandom(seed: seed))
        let events = link.events
        consumer = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.handle(event)
            }
        }
    }

    private func handle(_ event: RelayLinkEvent) {
        let (replies, arrival) = lock.withLock { () -> ([ClientMessage], Arrival?) in
            let replies = (try? session.handle(event)) ?? []
            observer?(event, session)
            guard let watch, watch.condition(event, session) else { return (replies, nil) }
            self.watch = nil
            return (replies, watch.arrival)
        }
        arrival?.arrived(at: .now)
        for reply in replies { link.send(reply) }
    }

    /// Watches for `condition` (given the event just handled, nil when checked at once); the
    /// arrival's instant is when it first held. One watch at a time.
    func arm(_ condition: @escaping (RelayLinkEvent?, SyncSession) -> Bool) -> Arrival {
        let arrival = Arrival()
        let holdsNow = lock.withLock {
            if condition(nil, session) { return true }
            watch = (condition, arrival)
            return false
        }
        if holdsNow { arrival.arrived(at: .now) }
        return arrival
    }

    /// Calls `body` with every event right after the session handled it, in the events' task.
    func observe(_ body: @escaping (RelayLinkEvent, SyncSession) -> Void) {
        lock.withLock { observer = body }
    }

    func with<Value>(_ body: (SyncSession) throws -> Value) rethrows -> Value {
        try lock.withLock { try body(session) }
    }

    func perform(_ body: (SyncSession) throws -> [ClientMessage]) rethrows {
        let messages = try lock.withLock { try body(session) }
        for message in messages { link.send(message) }
    }

    /// Adds an emoji at the origin and returns its cid.
    func addEmoji(_ text: String) throws -> CollabID {
        var added: CollabID?
        try perform { session in
            let (cid, messages) = try session.addEmoji(text, x: 0, y: 0, size: 40)
            added = cid
            return messages
        }
        guard let added else { throw BenchmarkError(description: "no emoji added") }
        return added
    }

    /// Live, with nothing of mine waiting.
    func settle(_ awaited: String) async throws {
        _ = try await arm { _, session in session.isLive && session.pending.isEmpty }.instant(awaiting: awaited)
    }

    func close() {
        link.close()
        consumer?.cancel()
    }
}

/// The instant a watched condition first held, or a timeout.
final class Arrival: @unchecked Sendable {
    private let stream: AsyncStream<ContinuousClock.Instant>
    private let continuation: AsyncStream<ContinuousClock.Instant>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(1))
    }

    func arrived(at instant: ContinuousClock.Instant) {
        continuation.yield(instant)
        continuation.finish()
    }

    func instant(awaiting: String, timeout: Duration = .seconds(60)) async throws -> ContinuousClock.Instant {
        let continuation = continuation
        let timer = Task {
            try? await Task.sleep(for: timeout)
            continuation.finish()
        }
        defer { timer.cancel() }
        for await instant in stream { return instant }
        throw BenchmarkError(description: "gave up after \(timeout) waiting until \(awaiting)")
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
