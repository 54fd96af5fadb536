import Foundation

/// When each room was last touched — a connection or a push (SPEC C8 `--room-ttl-days`) — and
/// which rooms have a connection now. The time lives on disk as the room folder's modification
/// time, so it survives restarts; it is written at most once per `diskPeriod` per room (a push
/// costs no extra disk write), which a time to live counted in days never notices.
final class RoomActivity: @unchecked Sendable {
    static let diskPeriod: TimeInterval = 3600

    private let roomsFolder: URL
    private let lock = NSLock()
    private var written: [String: Date] = [:]
    private var connections: [String: Int] = [:]

    init(roomsFolder: URL) {
        self.roomsFolder = roomsFolder
    }

    func connected(_ room: String) {
        lock.withLock { connections[room, default: 0] += 1 }
        touch(room)
    }

    func disconnected(_ room: String) {
        lock.withLock {
            let count = connections[room, default: 0]
            connections[room] = count > 1 ? count - 1 : nil
        }
    }

    func isInUse(_ room: String) -> Bool {
        lock.withLock { connections[room] != nil }
    }

    /// A connection or a push: the room folder's time becomes now (at most once a `diskPeriod`).
    /// Only a room whose folder exists is remembered, so connections to made-up room ids leave
    /// nothing behind.
    func touch(_ room: String) {
        let now = Date()
        let isDue = lock.withLock { written[room].map { now.timeIntervalSince($0) >= Self.diskPeriod } ?? true }
        guard isDue else { return }
        do {
            try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: roomsFolder.appendingPathComponent(room).path)
            lock.withLock { written[room] = now }
        } catch {
            // No such room (yet): nothing to keep alive.
        }
    }

    /// When `room` was last touched, as far as the disk says.
    func lastTouched(_ room: String) -> Date? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: roomsFolder.appendingPathComponent(room).path)
        return attributes?[.modificationDate] as? Date
    }

    /// The room was deleted: nothing more to remember of it.
    func forget(_ room: String) {
        lock.withLock { _ = written.removeValue(forKey: room) }
    }
}
