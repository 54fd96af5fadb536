import EmojiArtCollab
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRelay

/// A shared store whose sync never answers (PostgresNIO loses a statement written to a
/// connection the database closed, and its query neither returns nor throws): the room gives up
/// after its deadline instead of waiting for good, so its members reconnect and push again.
@Suite(.timeLimit(.minutes(1))) struct StalledSyncTests {
    /// A shared store whose first sync waits until `answerFirstSync()`; later ones answer at once.
    final class StallingStorage: RoomStorage, @unchecked Sendable {
        private let lock = NSLock()
        private var syncCount = 0
        private var discardCount = 0
        private var firstSync: CheckedContinuation<Void, Never>?

        var syncs: Int { lock.withLock { syncCount } }
        var discards: Int { lock.withLock { discardCount } }
        var isShared: Bool { true }
        func received(_ push: SequencedPush) throws(RelayStoreError) {}
        func discardReceived() { lock.withLock { discardCount += 1 } }
        func broadcast(_ message: RelayMessage) {}

        nonisolated(nonsending) func sync(after seq: Int, snapshotSeq: Int) async throws(RelayStoreError) -> RoomChanges? {
            let isFirst = lock.withLock {
                syncCount += 1
                return syncCount == 1
            }
            if isFirst { await withCheckedContinuation { continuation in lock.withLock { firstSync = continuation } } }
            return RoomChanges(ops: [], snapshot: nil, bindings: [:])
        }

        func answerFirstSync() {
            lock.withLock { firstSync }?.resume()
        }

        nonisolated(nonsending) func compact(_ snapshot: SequencedSnapshot, remaining: [SequencedPush]) async throws(RelayStoreError) {}
        nonisolated(nonsending) func record(_ admission: Admission) async throws(RelayStoreError) -> String? { nil }
        nonisolated(nonsending) func reload() async throws(RelayStoreError) -> RelayRoom {
            throw .unreadable(path: "stalling", reason: "not kept")
        }
    }

    @Test(
        "a sync that never answers fails the room after the deadline: its connections are told and closed, what it received is forgotten, and the next sync runs"
    )
    func stalledSyncFailsTheRoom() async throws {
        try await withTemporaryDirectory { folder in
            let storage = StallingStorage()
            var configuration = RelayConfiguration(dataFolder: folder)
            configuration.storeDeadline = .milliseconds(200)
            let room = RoomActor(
                id: "room-0001", room: RelayRoom(id: "room-0001", epoch: "epoch-1", verifier: nil), storage: storage,
                configuration: configuration)
            let (_, frames, _) = try #require(await room.join())
            let stalled = Task { await room.flush() }
            var received: [String] = []
            for await frame in frames { received.append(frame) }
            #expect(received.contains { $0.contains("storageFailed") }, "\(received)")
            #expect(storage.discards == 1, "what the room received since is forgotten with it")
            // The room no longer waits on the stalled sync: the next one runs and answers.
            await room.flush()
            #expect(storage.syncs == 2)
            // The stalled sync's late answer changes nothing.
            storage.answerFirstSync()
            await stalled.value
            await room.flush()
            #expect(storage.syncs == 3)
        }
    }
}
