import Foundation

/// Runs `body` on a thread of its own and waits for it without holding a thread of the pool.
///
/// On Linux, Swift's tasks and `DispatchQueue.global()` share libdispatch's global queues: two
/// threads on a two-core machine. Seconds of synchronous work there (a million-emoji decode in a
/// sanitizer build, a reader looping on a file) starve every other suite running meanwhile, and
/// their timeouts fire. A `Thread` is outside that pool.
public func onDedicatedThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}
