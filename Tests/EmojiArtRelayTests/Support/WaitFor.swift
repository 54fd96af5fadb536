import Foundation

/// A condition that did not come true before its deadline.
struct WaitTimeout: Error, CustomStringConvertible {
    var awaited: String
    var timeout: Duration
    var description: String { "timed out after \(timeout) waiting until \(awaited)" }
}

/// Polls `condition` until it holds. The relay and the links run on other threads (or in another
/// process), so tests wait on conditions with a deadline instead of sleeping for a guessed time;
/// the deadline only matters when something is broken.
func waitUntil(_ awaited: String, timeout: Duration = .seconds(20), _ condition: () async throws -> Bool) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimeout(awaited: awaited, timeout: timeout) }
        try await Task.sleep(for: .milliseconds(5))
    }
}
