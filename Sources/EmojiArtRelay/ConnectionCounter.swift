import Foundation

/// Open connections per client address (SPEC C8 `--connections-per-address`). An address's
/// entry goes when its last connection closes, so the table holds only addresses with an open
/// connection: it never grows past the number of open sockets.
final class ConnectionCounter: @unchecked Sendable {
    let limit: Int
    private let lock = NSLock()
    private var open: [ClientAddress: Int] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more connection from `address`; false (and nothing counted) when it already
    /// has `limit` open.
    func admit(_ address: ClientAddress) -> Bool {
        lock.withLock {
            let count = open[address, default: 0]
            guard count < limit else { return false }
            open[address] = count + 1
            return true
        }
    }

    /// One connection from `address` closed.
    func release(_ address: ClientAddress) {
        lock.withLock {
            guard let count = open[address] else { return }
            open[address] = count > 1 ? count - 1 : nil
        }
    }

    func count(_ address: ClientAddress) -> Int {
        lock.withLock { open[address, default: 0] }
    }

    /// Addresses with an open connection (tests: the table is pruned).
    var addressCount: Int { lock.withLock { open.count } }
}
