import Foundation

/// The bytes of frames waiting for one slow connection (C10): the room adds what it queues, the
/// connection's writer takes off what it wrote. A reader that lets more than the bound pile up
/// is closed (it catches up by reconnecting): a count of frames alone would let a few huge
/// welcomes or snapshots hold gigabytes.
final class QueuedBytes: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a frame in; false when the queue would pass its bound.
    func add(_ count: Int) -> Bool {
        lock.withLock {
            guard bytes + count <= limit || bytes == 0 else { return false }
            bytes += count
            return true
        }
    }

    func remove(_ count: Int) {
        lock.withLock { bytes = max(0, bytes - count) }
    }
}
