import Foundation

/// The relay's log of refusals (SPEC C8): at most one line per kind of refusal a minute, so a
/// flood cannot fill a disk through the log either. A line names the kind, how many were
/// refused since the last line, and the last address — never a room's content or a token.
final class RefusalLog: @unchecked Sendable {
    static let interval: Duration = .seconds(60)

    private let now: @Sendable () -> ContinuousClock.Instant
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    /// Per kind: when its last line was written, and the refusals since.
    private var kinds: [String: (lastLine: ContinuousClock.Instant, since: Int)] = [:]

    init(
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) {
        self.now = now
        self.write = write
    }

    func record(_ refusal: Refusal, from address: ClientAddress?) {
        let now = now()
        let line: String? = lock.withLock {
            if let entry = kinds[refusal.kind], now - entry.lastLine < Self.interval {
                kinds[refusal.kind] = (entry.lastLine, entry.since + 1)
                return nil
            }
            let earlier = kinds[refusal.kind]?.since ?? 0
            kinds[refusal.kind] = (now, 0)
            let from = address.map { " from \($0)" } ?? ""
            let more = earlier > 0 ? " (and \(earlier) more since the last line)" : ""
            return "refused (\(refusal.kind), \(refusal.status.code))\(from)\(more)"
        }
        if let line { write(line) }
    }
}
