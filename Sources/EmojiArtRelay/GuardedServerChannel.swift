import HummingbirdCore
import Logging
import NIOCore

/// A server child channel with a `ConnectionGuard` put first in every connection's pipeline,
/// before `inner` sets up its HTTP parsing: Hummingbird's own handlers for a WebSocket-capable
/// server are only added once the first request's headers were read, too late for a slowloris.
struct GuardedServerChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let makeGuard: @Sendable () -> ConnectionGuard

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(makeGuard(), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
