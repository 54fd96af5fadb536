import Foundation

/// Thrown by a `waitFor` probe that has looked and found the condition not met yet. Its reason
/// (say, the title it saw) ends up in the timeout message, which then says what went wrong.
public struct NotYet: Error {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}

/// A condition that did not come true before its deadline.
public struct WaitTimeout: Error, CustomStringConvertible {
    public var awaited: String
    public var timeout: Duration
    public var lastObservation: String?

    public init(awaited: String, timeout: Duration, lastObservation: String? = nil) {
        self.awaited = awaited
        self.timeout = timeout
        self.lastObservation = lastObservation
    }

    public var description: String {
        let observed = lastObservation.map { "; last seen: \($0)" } ?? ""
        return "timed out after \(timeout) waiting until \(awaited)\(observed)"
    }
}

/// Polls `probe` every `poll` until it returns a value, and returns it; throws `WaitTimeout`
/// (quoting the last `NotYet` reason) once `timeout` has passed. The one polling helper of
/// every test target: whatever a test waits for — a window title, a saved file, a server that
/// saw the client hang up, a task that was freed — it waits on a condition with a deadline
/// instead of sleeping for a guessed time. The deadline only matters when something is broken,
/// so it is generous: a loaded 2-core CI machine, or a sanitizer build, is slow.
///
/// The probe runs on the caller's actor (`isolation`), so a `@MainActor` test may read its
/// main-actor state in it.
@discardableResult
public func waitFor<Value>(
    _ awaited: String, timeout: Duration = .seconds(20), poll: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation,
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
public func waitUntil(
    _ awaited: String, timeout: Duration = .seconds(20), poll: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    _ = try await waitFor(awaited, timeout: timeout, poll: poll) { try await condition() ? true : nil }
}

/// The same for code that must not suspend — a server thread, or a cleanup that has to finish
/// in a cancelled task: blocks the calling thread, checking every `poll`, and returns whether
/// `condition` held before `timeout`.
@discardableResult
public func blockUntil(
    timeout: Duration, poll: Duration = .milliseconds(10), _ condition: () -> Bool
) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        Thread.sleep(forTimeInterval: Double(poll.components.attoseconds) / 1e18 + Double(poll.components.seconds))
    }
    return true
}
