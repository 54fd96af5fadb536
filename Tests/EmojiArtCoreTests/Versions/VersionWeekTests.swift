import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// A week of simulated editing through the real store (H1's figures, docs/performance.md
/// "Versions"): what the history holds at the end, and how long listing 500 versions takes.
@Suite struct VersionWeekTests {
    @Test("a week of editing keeps a small history within the budget")
    func simulatedWeek() throws {
        try withTemporaryDirectory { folder in
            let history = VersionStore(stateDirectory: folder).history(of: UUID())
            var random = SeededSequence(seed: 47)
            let image = Data((0..<300_000).map { _ in UInt8(random.next() * 256) })
            var model = EmojiArtModel()
            model.background = .imageData(image)
            let monday = VersionThinningTests.now
            var taken = 0
            var time: TimeInterval = 0
            // Seven days of two sessions, 9–12 and 14–18: bursts of edits 5 s apart for 1–5
            // minutes, then a pause of 10 s to 10 minutes; a version as the schedule says.
            for day in 0..<7 {
                for (from, to) in [(9.0, 12.0), (14.0, 18.0)] {
                    var schedule = VersionSchedule()
                    time = Double(day) * VersionThinning.day + from * VersionThinning.hour
                    let end = Double(day) * VersionThinning.day + to * VersionThinning.hour
                    while time < end {
                        let burstEnd = time + 60 + random.next() * 240
                        while time < burstEnd {
                            Self.edit(&model, random: &random)
                            schedule.documentChanged(at: .seconds(time))
                            time += 5
                            if let deadline = schedule.deadline, Duration.seconds(time) >= deadline {
                                taken += try history.record(model, at: monday + Self.seconds(deadline)) == nil ? 0 : 1
                                schedule.versionTaken()
                            }
                        }
                        let pause = 10 + random.next() * 590
                        if let deadline = schedule.deadline, deadline <= .seconds(time + pause) {
                            taken += try history.record(model, at: monday + Self.seconds(deadline)) == nil ? 0 : 1
                            schedule.versionTaken()
                        }
                        time += pause
                    }
                    if schedule.isDueOnClose {
                        taken += try history.record(model, at: monday + time) == nil ? 0 : 1
                    }
                }
            }
            let versions = try history.versions()
            let bytes = Self.bytesOnDisk(history.folder)
            print(
                "Versions after a simulated week: \(taken) taken, \(versions.count) kept, \(bytes) bytes on disk, last with \(model.emojis.count) emojis"
            )
            #expect(versions.count < 60)
            #expect(bytes < VersionThinning.defaultBudgetBytes)
            #expect(try history.model(ofVersion: versions[0].number) == model.with(id: history.documentID))
        }
    }

    @Test("listing 500 versions")
    func listFiveHundred() throws {
        try withTemporaryDirectory { folder in
            let keepAll = VersionThinning(tiers: [], beyondSpacing: 1, budgetBytes: .max)
            let history = VersionStore(stateDirectory: folder, thinning: keepAll).history(of: UUID())
            var model = EmojiArtModel()
            for index in 0..<500 {
                model.addEmoji("😀", at: DocumentPoint(x: Double(index), y: 0), size: 40)
                try history.record(model, at: VersionThinningTests.now + Double(index))
            }
            let clock = ContinuousClock()
            var listed = [VersionSummary]()
            let elapsed = try clock.measure { listed = try history.versions() }
            print("Listing 500 versions took \(elapsed)")
            #expect(listed.count == 500)
            #expect(listed.first?.emojiCount == 500)
        }
    }

    private static func edit(_ model: inout EmojiArtModel, random: inout SeededSequence) {
        if model.emojis.isEmpty || random.next() < 0.3 {
            model.addEmoji(
                "🌼", at: DocumentPoint(x: (random.next() * 800 - 400).rounded(), y: (random.next() * 600 - 300).rounded()), size: 40)
        } else {
            var emoji = model.emojis[Int(random.next() * Double(model.emojis.count))]
            emoji.position.x += 10
            model.update([emoji])
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func bytesOnDisk(_ folder: URL) -> Int {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.fileSizeKey])
        var total = 0
        while let url = files?.nextObject() as? URL {
            total += (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
        }
        return total
    }
}
