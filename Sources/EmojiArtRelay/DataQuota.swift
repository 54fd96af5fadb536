import Foundation

/// The data folder's quota (SPEC C8 `--max-data-mb`). New rooms and new blobs reserve their
/// bytes here first and are refused once the folder would pass the quota; pushes to existing
/// rooms never ask (they keep within each room's own `--max-room-mb`), so a full relay keeps
/// serving the rooms it has.
///
/// The folder is measured at start and again at most once a `remeasurePeriod` when someone
/// asks, which catches the logs' growth; between two measurements the reservations are added
/// to the last measure.
final class DataQuota: @unchecked Sendable {
    static let remeasurePeriod: Duration = .seconds(60)

    let maxBytes: Int64
    private let measure: @Sendable () -> Int64
    private let now: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private var measured: Int64?
    private var measuredAt: ContinuousClock.Instant?
    private var reservedSinceMeasure: Int64 = 0

    init(
        maxBytes: Int64, measure: @escaping @Sendable () -> Int64,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.maxBytes = maxBytes
        self.measure = measure
        self.now = now
    }

    /// The quota of the folder `folder`, measured on disk.
    convenience init(maxBytes: Int64, folder: URL) {
        self.init(maxBytes: maxBytes, measure: { FolderSize.bytes(in: folder) })
    }

    /// Counts `bytes` about to be written; false (nothing counted) when they would pass the quota.
    func reserve(_ bytes: Int64) -> Bool {
        lock.withLock {
            let used = currentUse()
            guard used + bytes <= maxBytes else { return false }
            reservedSinceMeasure += bytes
            return true
        }
    }

    /// Gives back a reservation whose bytes were never written (a refused or failed upload).
    func cancel(_ bytes: Int64) {
        lock.withLock { reservedSinceMeasure = max(0, reservedSinceMeasure - bytes) }
    }

    /// Whether nothing more fits (a new room's few bytes included).
    var isFull: Bool { lock.withLock { currentUse() >= maxBytes } }

    /// The bytes in use as far as the quota knows.
    var usedBytes: Int64 { lock.withLock { currentUse() } }

    private func currentUse() -> Int64 {
        let now = now()
        if measured == nil || measuredAt.map({ now - $0 >= Self.remeasurePeriod }) ?? true {
            measured = measure()
            measuredAt = now
            reservedSinceMeasure = 0
        }
        return (measured ?? 0) + reservedSinceMeasure
    }
}

/// The bytes the files under a folder take (their sizes; folders themselves are not counted).
enum FolderSize {
    static func bytes(in folder: URL) -> Int64 {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey]) else {
            return 0
        }
        var total: Int64 = 0
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]), values.isRegularFile == true else {
                continue
            }
            total += Int64(values.fileSize ?? 0)
        }
        return total
    }
}
