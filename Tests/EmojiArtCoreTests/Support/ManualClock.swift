import Foundation
import Synchronization

@testable import EmojiArtCore

/// A clock the test moves by hand, for the autosaver (isowords' test values, DESIGN "Code
/// style"): time stands still until `advance(to:)`, so a timing test proves its claim whatever the
/// machine's load — a sleeper wakes exactly when the test says its deadline has come, never early
/// or late.
final class ManualClock: Sendable {
    private struct Sleeper {
        let deadline: Duration
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state = Mutex<(now: Duration, sleepers: [Sleeper], nextID: Int)>((.zero, [], 0))

    var now: Duration { state.withLock { $0.now } }

    /// How many tasks are sleeping on this clock.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// When the sleeping tasks wake, earliest first.
    var sleeperDeadlines: [Duration] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

    var editorClock: EditorClock {
        EditorClock(now: { [self] in now }, sleep: { [self] deadline in try await sleep(until: deadline) })
    }

    /// Moves time to `instant` and wakes every sleeper whose deadline has come.
    func advance(to instant: Duration) {
        let woken = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        woken.forEach { $0.continuation.resume() }
    }

    private func sleep(until deadline: Duration) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    if deadline <= state.now { return true }
                    state.sleepers.append(Sleeper(deadline: deadline, id: id, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }
}
