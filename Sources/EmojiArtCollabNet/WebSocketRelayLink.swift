import Crypto
import EmojiArtCollab
import EmojiArtCore
import EmojiArtHTTP
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore

/// A `RelayLink` over WebSocket (WSClient; Foundation's WebSocket task needs a libcurl Debian 12
/// lacks, COLLAB "Traps"): connects at once, reconnects with `Backoff` until `close()`, and reports
/// everything on `events`. Every connect error is caught — the relay dying mid-handshake ("I/O on
/// closed channel") is one more `.disconnected`.
public final class WebSocketRelayLink: RelayLink, @unchecked Sendable {
    public struct Options: Sendable {
        public var backoff = Backoff()
        /// A handshake that has not finished by then is abandoned (a hung relay, SIGSTOP).
        public var connectTimeout: Duration = .seconds(10)
        /// WebSocket pings; a connection that misses a pong is closed and retried. A hung relay
        /// (SIGSTOP, a dead route) keeps the TCP connection open, so this bounds how long the header
        /// bar can say "Connected" after the relay stopped answering: 5–10 s.
        public var pingPeriod: Duration = .seconds(5)
        /// A relay that let the connection open but has not welcomed it by then (one that
        /// accepts and never answers) is left, and tried again after the backoff.
        public var welcomeTimeout: Duration = .seconds(15)
        public var maxMessageBytes = 2 * CollabProtocol.maxFrameBytes
        /// The relay's token for making a room (`--create-token` on the relay, SPEC C8), sent as
        /// `Authorization: Bearer` with `createRoom` only; never shown in a message.
        public var createToken: String?

        public init(createToken: String? = nil) {
            self.createToken = createToken
        }
    }

    public let address: RoomLink
    public let events: AsyncStream<RelayLinkEvent>
    private let continuation: AsyncStream<RelayLinkEvent>.Continuation
    private let options: Options
    private let lock = NSLock()
    /// Guarded by `lock`: the open connection's outgoing queue, and whether its hello went out.
    private var outgoing: AsyncStream<ClientMessage>.Continuation?
    private var helloSent = false
    private var closed = false
    private var loop: Task<Void, Never>?

    public init(address: RoomLink, options: Options = Options()) {
        self.address = address
        self.options = options
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
        loop = Task { [weak self] in await self?.run() }
    }

    deinit {
        loop?.cancel()
        continuation.finish()
    }

    public func send(_ message: ClientMessage) {
        lock.withLock {
            guard let outgoing else { return }
            if case .hello = message {
                helloSent = true
            } else if !helloSent {
                return
            }
            outgoing.yield(message)
        }
    }

    public func close() {
        let task = lock.withLock {
            closed = true
            outgoing?.finish()
            outgoing = nil
            return loop
        }
        task?.cancel()
    }

    // MARK: - The connection loop

    private var isClosed: Bool { lock.withLock { closed } }

    private func run() async {
        var attempt = 0
        var random = SystemRandomNumberGenerator()
        while !isClosed, !Task.isCancelled {
            let progress = ConnectionProgress()
            let reason = await connectOnce(progress: progress)
            lock.withLock {
                outgoing?.finish()
                outgoing = nil
                helloSent = false
            }
            guard !isClosed, !Task.isCancelled else { break }
            continuation.yield(.disconnected(reason: reason))
            // Only a connection that was welcomed and ended cleanly starts the backoff over: a
            // relay that accepts and closes at once, or talks garbage, is retried ever more slowly.
            attempt = progress.welcomed && !progress.misbehaved ? 0 : attempt + 1
            do {
                try await Task.sleep(for: options.backoff.delay(attempt: attempt, using: &random))
            } catch {
                break
            }
        }
        continuation.finish()
    }

    /// One connection, from connect to its end; returns why it ended, as a sentence.
    private func connectOnce(progress: ConnectionProgress) async -> String {
        let logger = {
            var logger = Logger(label: "emojiart-link")
            logger.logLevel = .critical
            return logger
        }()
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: options.maxMessageBytes, autoPing: .enabled(timePeriod: options.pingPeriod))
        let maxMessageBytes = options.maxMessageBytes
        let timeout = options.connectTimeout
        do {
            return try await withThrowingTaskGroup(of: String?.self) { group in
                group.addTask {
                    try await WebSocketClient.connect(url: self.address.webSocketURL, configuration: configuration, logger: logger) {
                        inbound, outbound, _ in
                        progress.set(\.opened)
                        try await self.serve(inbound: inbound, outbound: outbound, maxMessageBytes: maxMessageBytes, progress: progress)
                    }
                    return localized("The relay closed the connection.")
                }
                group.addTask {
                    // The handshake's deadline; once connected it waits for nothing.
                    try await Task.sleep(for: timeout)
                    return progress.opened
                        ? nil
                        : localized(
                            "The relay at {server} did not answer within {seconds} s.",
                            ["server": self.address.server, "seconds": String(timeout.components.seconds)])
                }
                while let result = try await group.next() {
                    if let reason = result {
                        group.cancelAll()
                        return reason
                    }
                }
                return localized("The connection ended.")
            }
        } catch let problem as RelayMisbehaviour {
            progress.set(\.misbehaved)
            return problem.description
        } catch {
            progress.set(\.misbehaved)
            return Self.describe(error, server: address.server)
        }
    }

    private func serve(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maxMessageBytes: Int, progress: ConnectionProgress
    ) async throws {
        let (queue, queueContinuation) = AsyncStream<ClientMessage>.makeStream()
        let wasClosed = lock.withLock {
            if !closed {
                outgoing = queueContinuation
                helloSent = false
            }
            return closed
        }
        guard !wasClosed else { return }
        continuation.yield(.connected)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in queue {
                    let frame = try WireCodec.encode(message)
                    try await outbound.write(.text(String(decoding: frame, as: UTF8.self)))
                }
            }
            let welcomeTimeout = options.welcomeTimeout
            group.addTask {
                try await Task.sleep(for: welcomeTimeout)
                guard !progress.welcomed else { return }
                progress.set(\.timedOut)
                try? await outbound.close(.goingAway, reason: "no welcome")
            }
            // Garbage ends the connection (C8): the relay is retried after the backoff, and
            // nothing it sent reaches the session.
            for try await message in inbound.messages(maxSize: maxMessageBytes) {
                guard case .text(let text) = message else { throw RelayMisbehaviour.garbage }
                let decoded: RelayMessage
                do {
                    decoded = try WireCodec.relayMessage(from: Data(text.utf8))
                } catch {
                    throw RelayMisbehaviour.garbage
                }
                if case .welcome = decoded { progress.set(\.welcomed) }
                continuation.yield(.received(decoded))
            }
            group.cancelAll()
            if progress.timedOut { throw RelayMisbehaviour.noWelcome(seconds: Int(welcomeTimeout.components.seconds)) }
        }
    }

    static func describe(_ error: any Error, server: String) -> String {
        if let error = error as? IOError {
            return localized("The relay at {server} could not be reached ({reason}).", ["server": server, "reason": error.description])
        }
        if let error = error as? WebSocketClientError {
            return localized(
                "The relay at {server} refused the connection ({reason}); check the link.", ["server": server, "reason": "\(error)"])
        }
        if error is CancellationError { return localized("The connection was cancelled.") }
        return localized("The connection to the relay at {server} failed ({reason}).", ["server": server, "reason": "\(error)"])
    }

    // MARK: - HTTP: rooms and blobs

    public func createRoom(_ registration: RoomRegistration) async throws {
        let body = try JSONEncoder().encode(registration)
        let authorization = options.createToken.map { [(name: "Authorization", value: "Bearer \($0)")] } ?? []
        _ = try await request("PUT", path: "/room/\(address.room)", body: body, headers: authorization, expecting: [200, 201])
    }

    /// Uploads with the room's id and the edit key's say-so (C10); a view link has none to give.
    public func putBlob(_ data: Data) async throws -> String {
        let name = SHA256.hex(data)
        let signature = (try? RoomKey(text: address.key ?? ""))?.credentials.sign(Signed.blob(room: address.room, name: name))
        let headers =
            [(name: "X-EmojiArt-Room", value: address.room)]
            + (signature.map { [(name: "Authorization", value: "EmojiArt-Edit \($0)")] } ?? [])
        _ = try await request("PUT", path: "/blob/\(name)", body: data, headers: headers, expecting: [200, 201])
        return name
    }

    public func blob(_ sha256: String) async throws -> Data {
        let data: Data
        do {
            data = try await request("GET", path: "/blob/\(sha256)", body: nil, expecting: [200])
        } catch RelayLinkError.refused(let reason) where reason.hasPrefix("404") {
            throw RelayLinkError.blobNotFound(sha256: sha256)
        }
        guard SHA256.hex(data) == sha256 else { throw RelayLinkError.blobCorrupted(sha256: sha256) }
        return data
    }

    /// The most a relay's reply may hold: a blob is at most the relay's `maxBlobBytes` (32 MB by
    /// default); this leaves room for a relay configured larger, and stops a runaway one.
    static let maxReplyBytes = 256 * 1_048_576

    private func request(
        _ method: String, path: String, body: Data?, headers: [(name: String, value: String)] = [], expecting: Set<Int>
    ) async throws -> Data {
        guard let url = URL(string: address.httpBase + path) else {
            throw RelayLinkError.refused(reason: localized("“{address}” is not an address.", ["address": address.httpBase + path]))
        }
        let (status, data): (Int, Data)
        do {
            (status, data) = try await WebClient.send(
                method, to: url, body: body, headers: headers, timeout: .seconds(30), maxBytes: Self.maxReplyBytes)
        } catch let error as WebTransferError {
            throw RelayLinkError.unreachable(server: address.server, reason: error.reason)
        }
        guard expecting.contains(status) else {
            if let bound = RelayLinkError.bound(status: status, server: address.server) { throw bound }
            let text = String(decoding: data.prefix(500), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw RelayLinkError.refused(reason: "\(status) \(text)")
        }
        return data
    }
}

/// How far one connection got: opened (the handshake's timeout reads it), welcomed, and whether
/// the relay misbehaved on it (the backoff reads those).
private final class ConnectionProgress: @unchecked Sendable {
    struct Flags {
        var opened = false
        var welcomed = false
        var misbehaved = false
        /// Not welcomed within `welcomeTimeout`.
        var timedOut = false
    }

    private let lock = NSLock()
    private var flags = Flags()
    var opened: Bool { lock.withLock { flags.opened } }
    var welcomed: Bool { lock.withLock { flags.welcomed } }
    var misbehaved: Bool { lock.withLock { flags.misbehaved } }
    var timedOut: Bool { lock.withLock { flags.timedOut } }
    func set(_ flag: WritableKeyPath<Flags, Bool>) { lock.withLock { flags[keyPath: flag] = true } }
}

/// A relay that does not speak the protocol: the connection is left and tried again later.
enum RelayMisbehaviour: Error, CustomStringConvertible {
    case garbage
    case noWelcome(seconds: Int)

    var description: String {
        switch self {
        case .garbage:
            localized("The relay sent something that is not EmojiArt’s protocol; this window connects again a little later.")
        case .noWelcome(let seconds):
            localized(
                "The relay let this window connect but did not answer within {seconds} s; it connects again a little later.",
                ["seconds": String(seconds)])
        }
    }
}
