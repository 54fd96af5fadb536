import EmojiArtCollab
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// A WebSocket server on 127.0.0.1 that plays a relay gone wrong: each connection to
/// `/room/ID` is handed to `behaviour`, which may send anything. Counts connections.
final class FakeRelay: @unchecked Sendable {
    typealias Behaviour = @Sendable (WebSocketInboundStream, WebSocketOutboundWriter) async throws -> Void

    private let lock = NSLock()
    private var connectionCount = 0
    private var task: Task<Void, any Error>?
    private(set) var port = 0

    var connections: Int { lock.withLock { connectionCount } }
    var server: String { "ws://127.0.0.1:\(port)" }

    /// Starts serving; returns once it listens.
    static func start(_ behaviour: @escaping Behaviour) async throws -> FakeRelay {
        let relay = FakeRelay()
        let (listening, continuation) = AsyncStream<Int>.makeStream()
        let router = Router(context: BasicWebSocketRequestContext.self)
        router.ws("/room/:id") { inbound, outbound, _ in
            relay.lock.withLock { relay.connectionCount += 1 }
            try? await behaviour(inbound, outbound)
        }
        var logger = Logger(label: "fake-relay")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router, configuration: .init(maxFrameSize: 16 * 1024 * 1024, autoPing: .disabled)),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger)
        relay.task = Task { try await app.run() }
        for await port in listening {
            relay.port = port
            break
        }
        return relay
    }

    func stop() {
        task?.cancel()
    }

    deinit {
        task?.cancel()
    }

    /// Reads frames until the client says hello; returns it. (A WebSocket's frames can be
    /// iterated once: this takes the iterator the behaviour keeps using.)
    static func awaitHello(_ frames: inout WebSocketInboundMessageStream.AsyncIterator) async throws -> ClientMessage.Hello? {
        while let message = try await frames.next() {
            guard case .text(let text) = message else { continue }
            if case .hello(let hello) = try? WireCodec.clientMessage(from: Data(text.utf8)) { return hello }
        }
        return nil
    }

    /// Reads and drops frames until the client goes.
    static func drain(_ frames: inout WebSocketInboundMessageStream.AsyncIterator) async throws {
        while try await frames.next() != nil {}
    }

    static func send(_ message: RelayMessage, on outbound: WebSocketOutboundWriter) async throws {
        try await outbound.write(.text(String(decoding: try WireCodec.encode(message), as: UTF8.self)))
    }
}
