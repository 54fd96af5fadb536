import Foundation

/// Deletes the rooms nobody touched for the time to live (SPEC C8 `--room-ttl-days`): at start,
/// then every `period`. A room with a connection open is never deleted, however old its time. A
/// deleted room leaves a tombstone for as long again, so its id cannot be taken (C10).
struct RoomSweeper: Sendable {
    let registry: RoomRegistry
    let activity: RoomActivity
    let timeToLive: Duration
    let period: Duration

    /// Sweeps until cancelled.
    func run() async {
        while !Task.isCancelled {
            await sweep(now: Date())
            try? await Task.sleep(for: period)
        }
    }

    /// Deletes what is due at `now`; returns the ids deleted.
    @discardableResult
    func sweep(now: Date) async -> [String] {
        let seconds = Double(timeToLive.components.seconds) + Double(timeToLive.components.attoseconds) / 1e18
        var deleted: [String] = []
        for id in await registry.roomIDs() where !activity.isInUse(id) {
            guard let touched = activity.lastTouched(id), now.timeIntervalSince(touched) > seconds else { continue }
            // Asked again inside the registry, where a connection looks its room up: one that
            // counted itself in since is never left with a deleted room.
            let activity = activity
            guard await registry.delete(id, unless: { activity.isInUse(id) }) else { continue }
            activity.forget(id)
            deleted.append(id)
        }
        await registry.sweepTombstones(deletedBefore: now.addingTimeInterval(-seconds))
        return deleted
    }
}
