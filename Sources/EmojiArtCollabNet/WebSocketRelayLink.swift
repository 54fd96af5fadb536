import EmojiArtCollab
import EmojiArtCore
import EmojiArtHTTP
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore

/// A `RelayLink` over WebSocket (WSClient; Foundation's WebSocket task needs a libcurl Debian 12
/// lacks, COLLAB.md): connects at once, reconnects with `Backoff` until `close()`, and reports
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
        public var maxMessageBytes = 2 * CollabProtocol.maxFrameBytes
        /// The relay's token for making a room (`--create-token` on the relay, SPEC C8), sent as
        /// `Authorization: Bearer` with `createRoom` only; never shown in a message.
        public var createToken: String?

        public init() {}
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
            let opened = OpenedFlag()
            let reason = await connectOnce(opened: opened)
            lock.withLock {
                outgoing?.finish()
                outgoing = nil
                helloSent = false
            }
            guard !isClosed, !Task.isCancelled else { break }
            continuation.yield(.disconnected(reason: reason))
            attempt = opened.value ? 0 : attempt + 1
            do {
                try await Task.sleep(for: options.backoff.delay(attempt: attempt, using: &random))
            } catch {
                break
            }
        }
        continuation.finish()
    }

    /// One connection, from connect to its end; returns why it ended, as a sentence.
    private func connectOnce(opened: OpenedFlag) async -> String {
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
                    try await WebSocketClient.connect(url: self.address.webSocketURL, configuration: configuration, logger: logger) { inbound, outbound, _ in
                        opened.set()
                        try await self.serve(inbound: inbound, outbound: outbound, maxMessageBytes: maxMessageBytes)
                    }
                    return localized("The relay closed the connection.")
                }
                group.addTask {
                    // The handshake's deadline; once connected it waits for nothing.
                    try await Task.sleep(for: timeout)
                    return opened.value ? nil : localized(
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
        } catch {
            return Self.describe(error, server: address.server)
        }
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maxMessageBytes: Int) async throws {
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
            for try await message in inbound.messages(maxSize: maxMessageBytes) {
                guard case .text(let text) = message else { continue }
                do {
                    continuation.yield(.received(try WireCodec.relayMessage(from: Data(text.utf8))))
                } catch {
                    continuation.yield(.received(.error(RelayError(code: .badMessage, message: String(describing: error)))))
                }
            }
            group.cancelAll()
        }
    }

    static func describe(_ error: any Error, server: String) -> String {
        if let error = error as? IOError {
            return localized("The relay at {server} could not be reached ({reason}).", ["server": server, "reason": error.description])
        }
        if let error = error as? WebSocketClientError {
            return localized("The relay at {server} refused the connection ({reason}); check the link.", ["server": server, "reason": "\(error)"])
        }
        if error is CancellationError { return localized("The connection was cancelled.") }
        return localized("The connection to the relay at {server} failed ({reason}).", ["server": server, "reason": "\(error)"])
    }

    // MARK: - HTTP: rooms and blobs

    public func createRoom(verifier: String) async throws {
        let body = try JSONEncoder().encode(RoomRegistration(verifier: verifier))
        let authorization = options.createToken.map { [(name: "Authorization", value: "Bearer \($0)")] } ?? []
        _ = try await request("PUT", path: "/room/\(address.room)", body: body, headers: authorization, expecting: [200, 201])
    }

    public func putBlob(_ data: Data) async throws -> String {
        let name = SHA256.hex(data)
        _ = try await request("PUT", path: "/blob/\(name)", body: data, expecting: [200, 201])
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
        guard let url = URL(string: address.httpBase + path) else { throw RelayLinkError.refused(reason: localized("“{address}” is not an address.", ["address": address.httpBase + path])) }
        let (status, data): (Int, Data)
        do {
            (status, data) = try await WebClient.send(method, to: url, body: body, headers: headers, timeout: .seconds(30), maxBytes: Self.maxReplyBytes)
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

/// Set once the handshake finished (read by the timeout).
private final class OpenedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false
    var value: Bool { lock.withLock { opened } }
    func set() { lock.withLock { opened = true } }
}
