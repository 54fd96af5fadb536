import Foundation

/// Thrown by a `waitFor` probe that has looked and found the condition not met yet. Its reason
/// (say, the title it saw) ends up in the timeout message, which then says what went wrong.
struct NotYet: Error {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}

/// A condition that did not come true before its deadline.
struct WaitTimeout: Error, CustomStringConvertible {
    var awaited: String
    var timeout: Duration
    var lastObservation: String?

    var description: String {
        let observed = lastObservation.map { "; last seen: \($0)" } ?? ""
        return "timed out after \(timeout) waiting until \(awaited)\(observed)"
    }
}

/// Polls `probe` every `poll` until it returns a value, and returns it. The GUI runs in other
/// processes, so every check of its effects waits on a condition with a deadline instead of
/// sleeping for a guessed time; the deadline only matters when something is broken, so it is
/// generous enough for a loaded 2-core CI machine.
func waitFor<Value>(
    _ awaited: String, timeout: Duration = .seconds(20), poll: Duration = .milliseconds(50),
    _ probe: () async throws -> Value?
) async throws -> Value {
    let deadline = ContinuousClock.now + timeout
    var lastObservation: String?
    while true {
        do {
            if let value = try await probe() { return value }
        } catch let notYet as NotYet {
            lastObservation = notYet.reason
        }
        guard ContinuousClock.now < deadline else {
            throw WaitTimeout(awaited: awaited, timeout: timeout, lastObservation: lastObservation)
        }
        try await Task.sleep(for: poll)
    }
}

/// Polls `condition` every `poll` until it is true; see `waitFor`.
func waitUntil(
    _ awaited: String, timeout: Duration = .seconds(20), poll: Duration = .milliseconds(50),
    _ condition: () async throws -> Bool
) async throws {
    _ = try await waitFor(awaited, timeout: timeout, poll: poll) { try await condition() ? true : nil }
}
