import EmojiArtCollab
import EmojiArtCore
import Foundation

/// A session driven by a link without a main loop (the CLI's `share` and `join`, benchmarks,
/// tests): one task reads the link's events, answers them and tells waiters. Everything touching
/// the session goes through `with` / `perform`, under a lock.
///
/// `@unchecked Sendable` because every stored `var` (the session's state, the waiters, the change
/// streams, the last disconnect) is read and written only inside `lock`.
public final class HeadlessRoom: @unchecked Sendable {
    public let link: any RelayLink
    private let lock = NSLock()
    private let session: SyncSession
    private var consumer: Task<Void, Never>?
    private var waiters: [UUID: Waiter] = [:]
    private var changeContinuations: [UUID: AsyncStream<Void>.Continuation] = [:]
    private var lastDisconnectReason: String?

    /// The last `.disconnected` reason, for error messages.
    public var lastDisconnect: String? { lock.withLock { lastDisconnectReason } }

    private struct Waiter {
        var condition: @Sendable (SyncSession) -> Bool
        var continuation: CheckedContinuation<Void, any Error>
    }

    public init(link: any RelayLink, session: SyncSession) {
        self.link = link
        self.session = session
        consumer = Task { [weak self] in
            guard let events = self?.link.events else { return }
            for await event in events {
                guard let self else { return }
                self.handle(event)
            }
        }
    }

    deinit {
        consumer?.cancel()
    }

    private func handle(_ event: RelayLinkEvent) {
        let (replies, ready, changes) = lock.withLock {
            () -> ([ClientMessage], [CheckedContinuation<Void, any Error>], [AsyncStream<Void>.Continuation]) in
            if case .disconnected(let reason) = event { lastDisconnectReason = reason }
            let replies: [ClientMessage]
            do {
                replies = try session.handle(event)
            } catch {
                // The outbox could not be written: the session stays as it was; it is reported
                // through lastProblem-like paths by the caller's checks.
                lastDisconnectReason = String(describing: error)
                replies = []
            }
            var ready = [CheckedContinuation<Void, any Error>]()
            for (id, waiter) in waiters where waiter.condition(session) {
                ready.append(waiter.continuation)
                waiters[id] = nil
            }
            return (replies, ready, Array(changeContinuations.values))
        }
        for reply in replies { link.send(reply) }
        for continuation in ready { continuation.resume() }
        for continuation in changes { continuation.yield() }
    }

    /// Reads (or changes without sending) the session.
    public func with<Value>(_ body: (SyncSession) throws -> Value) rethrows -> Value {
        try lock.withLock { try body(session) }
    }

    /// Makes an edit and sends what it returns.
    public func perform(_ body: (SyncSession) throws -> [ClientMessage]) throws {
        let messages = try lock.withLock { try body(session) }
        for message in messages { link.send(message) }
    }

    /// A tick after every event the session handled (coalesced while nobody reads).
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        lock.withLock { changeContinuations[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.changeContinuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Returns once `condition` holds (checked now and after each event); throws
    /// `HeadlessRoomTimeout` after `timeout`.
    public func wait(_ awaited: String, timeout: Duration, until condition: @escaping @Sendable (SyncSession) -> Bool) async throws {
        let id = UUID()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let done = lock.withLock {
                if condition(session) { return true }
                waiters[id] = Waiter(condition: condition, continuation: continuation)
                return false
            }
            if done {
                continuation.resume()
                return
            }
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                guard let self else { return }
                let (expired, lastDisconnect) = self.lock.withLock { (self.waiters.removeValue(forKey: id), self.lastDisconnectReason) }
                let timedOut = HeadlessRoomTimeout(awaited: awaited, timeout: timeout, lastDisconnect: lastDisconnect)
                expired?.continuation.resume(throwing: timedOut)
            }
        }
    }

    public func close() {
        link.close()
        consumer?.cancel()
        let pending = lock.withLock {
            defer { waiters.removeAll() }
            return waiters.values.map(\.continuation)
        }
        for continuation in pending { continuation.resume(throwing: RelayLinkError.closed) }
        for continuation in lock.withLock({ Array(changeContinuations.values) }) { continuation.finish() }
    }
}

/// A condition that did not come true in time, with the connection's last problem.
public struct HeadlessRoomTimeout: Error, CustomStringConvertible {
    public var awaited: String
    public var timeout: Duration
    public var lastDisconnect: String?

    /// `awaited` is a clause the caller translates ("the relay stored the document").
    public var description: String {
        if let lastDisconnect {
            // TRANSLATORS: {awaited} is a clause such as "the relay stored the document"; {problem} a sentence.
            return localized(
                "Gave up after {seconds} s waiting until {awaited}. The connection’s last problem: {problem}",
                ["seconds": String(timeout.components.seconds), "awaited": awaited, "problem": lastDisconnect])
        }
        return localized(
            "Gave up after {seconds} s waiting until {awaited}.", ["seconds": String(timeout.components.seconds), "awaited": awaited])
    }
}
