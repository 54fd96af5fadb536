import NIOCore

/// The first handler of every connection's pipeline, before any HTTP parsing (SPEC C8):
///
/// - **Header deadline.** The first request's headers must be complete `headerTimeout` after the
///   connection opened, or it is answered 408 and closed: half a request line cannot hold a
///   connection (Hummingbird's idle timeout only starts once a request was parsed, and never for a
///   WebSocket upgrade; later requests on a kept-alive connection are its business).
/// - **Connections per address.** A direct connection is counted at once under its peer's address
///   and refused with 429 past the limit; behind a trusted proxy the address is only known from
///   the headers, so their bytes are held back until they are complete and the last
///   `X-Forwarded-For` hop is counted then. The count goes when the channel closes.
///
/// Once the headers are through it takes itself out of the pipeline.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Headers longer than this are refused (NIO's HTTP parser allows 80 KiB).
    static let maxHeaderBytes = 80 * 1024

    private let counter: ConnectionCounter
    private let log: RefusalLog
    private let proxies: TrustedProxies
    /// The peer is one of `proxies`: its headers are read for the client's address.
    private var isFromProxy = false
    private let headerTimeout: TimeAmount
    private var deadline: Scheduled<Void>?
    private var address: ClientAddress?
    /// Behind a proxy: the bytes held until the headers are complete.
    private var held: ByteBuffer?
    /// The last three bytes seen, to find a "\r\n\r\n" split across reads.
    private var tail: [UInt8] = []
    private var headBytes = 0
    private var isDone = false

    init(counter: ConnectionCounter, log: RefusalLog, proxies: TrustedProxies, headerTimeout: Duration) {
        self.counter = counter
        self.log = log
        self.proxies = proxies
        self.headerTimeout = .nanoseconds(
            Int64(headerTimeout.components.seconds) * 1_000_000_000 + headerTimeout.components.attoseconds / 1_000_000_000)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    private func start(context: ChannelHandlerContext) {
        guard deadline == nil, !isDone else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: headerTimeout) { [self] in
            guard !isDone else { return }
            refuse(.tooSlow, context: context)
        }
        isFromProxy = proxies.trusts(context.channel.remoteAddress)
        if !isFromProxy {
            admit(ClientAddress(peer: context.channel.remoteAddress), context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isDone else { return }
        let bytes = unwrapInboundIn(data)
        let headEnd = findHeadEnd(in: bytes)
        headBytes += headEnd ?? bytes.readableBytes
        if headBytes > Self.maxHeaderBytes {
            refuse(.tooLarge(limit: Self.maxHeaderBytes), context: context)
            return
        }
        guard isFromProxy else {
            context.fireChannelRead(data)
            if headEnd != nil { finish(context: context) }
            return
        }
        var incoming = bytes
        if held == nil { held = context.channel.allocator.buffer(capacity: bytes.readableBytes) }
        held!.writeBuffer(&incoming)
        guard let end = headEnd else { return }
        let headLength = held!.readableBytes - (bytes.readableBytes - end)
        let head = held!.getString(at: held!.readerIndex, length: headLength) ?? ""
        admit(
            ClientAddress(peer: context.channel.remoteAddress, forwardedFor: Self.forwardedFor(in: head), proxies: proxies),
            context: context)
        guard context.channel.isActive, !isDone, let buffer = held else { return }
        held = nil
        context.fireChannelRead(wrapInboundOut(buffer))
        finish(context: context)
    }

    private func admit(_ address: ClientAddress?, context: ChannelHandlerContext) {
        guard let address else { return }
        guard counter.admit(address) else {
            refuse(.tooManyConnections(limit: counter.limit), address: address, context: context)
            return
        }
        self.address = address
        let counter = counter
        context.channel.closeFuture.whenComplete { _ in counter.release(address) }
    }

    /// The headers are through: nothing more to watch on this connection.
    private func finish(context: ChannelHandlerContext) {
        guard !isDone else { return }
        isDone = true
        deadline?.cancel()
        deadline = nil
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Answers with the refusal's status and sentence, and closes.
    private func refuse(_ refusal: Refusal, address: ClientAddress? = nil, context: ChannelHandlerContext) {
        guard !isDone else { return }
        isDone = true
        deadline?.cancel()
        deadline = nil
        held = nil
        log.record(refusal, from: address ?? self.address ?? ClientAddress(peer: context.channel.remoteAddress))
        let body = refusal.sentence + "\n"
        let head =
            "HTTP/1.1 \(refusal.status.code) \(refusal.status.reasonPhrase)\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: head + body))).assumeIsolated().whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// Where the headers end in `bytes` (the offset just after "\r\n\r\n"), nil when not in them.
    private func findHeadEnd(in bytes: ByteBuffer) -> Int? {
        var window = tail
        var offset = 0
        for byte in bytes.readableBytesView {
            offset += 1
            window.append(byte)
            if window.count > 4 { window.removeFirst() }
            if window == [13, 10, 13, 10] { return offset }
        }
        tail = Array(window.suffix(3))
        return nil
    }

    /// The values of every `X-Forwarded-For` header in a request's head, in order.
    static func forwardedFor(in head: String) -> [String] {
        head.split(separator: "\r\n").dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":"),
                line[..<colon].trimmingCharacters(in: .whitespaces).lowercased() == "x-forwarded-for"
            else { return nil }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
    }
}

@available(*, unavailable)
extension ConnectionGuard: Sendable {}
