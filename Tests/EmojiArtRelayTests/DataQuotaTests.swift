import Foundation
import Testing

@testable import EmojiArtRelay

/// The data folder's quota (SPEC C8): reservations on top of the last measure, measured again
/// once a minute on a clock the test moves.
@Suite struct DataQuotaTests {
    final class Fake: @unchecked Sendable {
        let lock = NSLock()
        var bytesOnDisk: Int64 = 0
        var measures = 0
        var now = ContinuousClock.now
    }

    func quota(_ fake: Fake, max: Int64) -> DataQuota {
        DataQuota(
            maxBytes: max,
            measure: {
                fake.lock.withLock {
                    fake.measures += 1
                    return fake.bytesOnDisk
                }
            },
            now: { fake.lock.withLock { fake.now } })
    }

    @Test("reservations count until the quota; the last one that would pass it is refused and counts nothing")
    func reservations() {
        let fake = Fake()
        fake.bytesOnDisk = 600
        let quota = quota(fake, max: 1000)
        #expect(quota.reserve(300))
        #expect(!quota.reserve(101))
        #expect(quota.reserve(100))
        #expect(quota.isFull)
        quota.cancel(100)
        #expect(!quota.isFull)
        #expect(quota.usedBytes == 900)
        #expect(fake.measures == 1, "measured once, at the first question")
    }

    @Test("after a minute the folder is measured again: the logs' growth counts, the reservations are in the measure")
    func remeasure() {
        let fake = Fake()
        let quota = quota(fake, max: 1000)
        #expect(quota.reserve(400))
        fake.bytesOnDisk = 900  // the 400 written, and 500 of pushes
        #expect(quota.reserve(400), "not measured again yet")
        fake.now += .seconds(61)
        #expect(!quota.reserve(101))
        #expect(quota.usedBytes == 900)
        #expect(fake.measures == 2)
    }

    @Test("the folder’s size is its files' bytes")
    func folderSize() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quota-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("rooms/a"), withIntermediateDirectories: true)
        try Data(count: 1000).write(to: folder.appendingPathComponent("rooms/a/log.jsonl"))
        try Data(count: 234).write(to: folder.appendingPathComponent("blob"))
        #expect(FolderSize.bytes(in: folder) == 1234)
    }
}
