import Foundation

/// Runs `work` on the global executor and blocks the calling thread until it returns. The one
/// sync-over-async bridge of the command line: its root command stays synchronous (`open` needs
/// the main thread for GTK), and a headless command has nothing else to do meanwhile.
func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = BlockingOutcome<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            outcome.set(.success(try await work()))
        } catch {
            outcome.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    // The task always sets a result before it signals.
    guard let result = outcome.result else { preconditionFailure("the task signalled without a result") }
    return try result.get()
}

/// Carries the result from the detached task to the waiting thread.
private final class BlockingOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<Value, any Error>?

    var result: Result<Value, any Error>? { lock.withLock { stored } }
    func set(_ result: Result<Value, any Error>) { lock.withLock { stored = result } }
}
