import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the relay's routes: Hummingbird's WebSocket one, plus the peer's
/// address, which the per-address bounds count by (SPEC C8), and its channel.
struct RelayRequestContext: RequestContext, WebSocketRequestContext {
    var coreContext: CoreRequestContextStorage
    let webSocket: WebSocketHandlerReference<Self>
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }

    var remoteAddress: SocketAddress? { channel.remoteAddress }

    /// Stops reading the request: after a refusal Hummingbird would otherwise read the rest of
    /// its body — all 400 MB a stranger announced, or a trickle forever — before the next one.
    /// The answer still goes out; then the connection closes.
    func stopReading() {
        channel.close(mode: .input, promise: nil)
    }

    /// Who sent `request`, by the same rule as the connection's guard.
    func clientAddress(of request: Request, proxies: TrustedProxies) -> ClientAddress? {
        ClientAddress(peer: remoteAddress, forwardedFor: request.headers[values: .init("X-Forwarded-For")!], proxies: proxies)
    }
}
