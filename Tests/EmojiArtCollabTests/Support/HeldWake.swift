import EmojiArtCollab
import EmojiArtTestSupport
import Foundation

/// Drains a connection's events when the test says so, as the app's GLib source does once per
/// frame: whatever arrived meanwhile is one batch.
final class HeldWake: @unchecked Sendable {
    private let lock = NSLock()
    private var drains: [@Sendable () -> Void] = []

    var wake: RoomConnection.Wake {
        { [self] drain in lock.withLock { drains.append(drain) } }
    }

    var isWaiting: Bool { lock.withLock { !drains.isEmpty } }

    @MainActor
    func run() {
        let pending = lock.withLock {
            defer { drains.removeAll() }
            return drains
        }
        for drain in pending { drain() }
    }

    /// Drains whatever arrives until `done` holds; false if it does not within 60 s (a hang, not
    /// a timing: the reader runs on the cooperative pool, which the property tests may fill for
    /// seconds).
    @MainActor
    func pump(until done: () -> Bool) async -> Bool {
        do {
            try await waitUntil("the drained events bring the awaited state", timeout: .seconds(60), poll: .milliseconds(2)) {
                if isWaiting { run() }
                return done()
            }
            return true
        } catch {
            return false
        }
    }
}
