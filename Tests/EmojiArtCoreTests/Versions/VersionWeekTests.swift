import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// A week of simulated editing through the real store (H1's figures, docs/performance.md
/// "Versions"): what the history holds at the end, and how long listing 500 versions takes.
@Suite struct VersionWeekTests {
    /// What the simulated week left.
    struct Week: Sendable {
        var taken = 0
        var kept = 0
        var bytes = 0
        var emojis = 0
        var newestIsTheDocument = false
    }

    // Seconds of synchronous writing: on a thread of its own, not one of the two the cooperative
    // pool has, so suites waiting meanwhile are not starved (see `onDedicatedThread`).
    @Test("a week of editing keeps a small history within the budget")
    func simulatedWeek() async throws {
        let week = try await onDedicatedThread { Result { try withTemporaryDirectory(Self.simulateWeek) } }.get()
        print(
            "Versions after a simulated week: \(week.taken) taken, \(week.kept) kept, \(week.bytes) bytes on disk, last with \(week.emojis) emojis"
        )
        #expect(week.kept < 60)
        #expect(week.bytes < VersionThinning.defaultBudgetBytes)
        #expect(week.newestIsTheDocument)
    }

    /// Seven days of two sessions, 9–12 and 14–18: bursts of edits 5 s apart for 1–5 minutes,
    /// then a pause of 10 s to 10 minutes; a version whenever the schedule says.
    private static func simulateWeek(in folder: URL) throws -> Week {
        let history = VersionStore(stateDirectory: folder).history(of: UUID())
        var random = SeededSequence(seed: 47)
        let image = Data((0..<300_000).map { _ in UInt8(random.next() * 256) })
        var model = EmojiArtModel()
        model.background = .imageData(image)
        let monday = VersionThinningTests.now
        var week = Week()
        func take(at offset: TimeInterval) throws {
            week.taken += try history.record(model, at: monday + offset) == nil ? 0 : 1
        }
        for day in 0..<7 {
            for (from, to) in [(9.0, 12.0), (14.0, 18.0)] {
                var schedule = VersionSchedule()
                var time = Double(day) * VersionThinning.day + from * VersionThinning.hour
                let end = Double(day) * VersionThinning.day + to * VersionThinning.hour
                while time < end {
                    let burstEnd = time + 60 + random.next() * 240
                    while time < burstEnd {
                        edit(&model, random: &random)
                        schedule.documentChanged(at: .seconds(time))
                        time += 5
                        if let deadline = schedule.deadline, Duration.seconds(time) >= deadline {
                            try take(at: seconds(deadline))
                            schedule.versionTaken()
                        }
                    }
                    let pause = 10 + random.next() * 590
                    if let deadline = schedule.deadline, deadline <= .seconds(time + pause) {
                        try take(at: seconds(deadline))
                        schedule.versionTaken()
                    }
                    time += pause
                }
                if schedule.isDueOnClose { try take(at: time) }
            }
        }
        let versions = try history.versions()
        week.kept = versions.count
        week.bytes = bytesOnDisk(history.folder)
        week.emojis = model.emojis.count
        week.newestIsTheDocument = try history.model(ofVersion: versions[0].number) == model.with(id: history.documentID)
        return week
    }

    @Test("listing 500 versions")
    func listFiveHundred() async throws {
        let (listed, elapsed) = try await onDedicatedThread {
            Result {
                try withTemporaryDirectory { folder in
                    let keepAll = VersionThinning(tiers: [], beyondSpacing: 1, budgetBytes: .max)
                    let history = VersionStore(stateDirectory: folder, thinning: keepAll).history(of: UUID())
                    var model = EmojiArtModel()
                    for index in 0..<500 {
                        model.addEmoji("😀", at: DocumentPoint(x: Double(index), y: 0), size: 40)
                        try history.record(model, at: VersionThinningTests.now + Double(index))
                    }
                    var listed = [VersionSummary]()
                    let elapsed = try ContinuousClock().measure { listed = try history.versions() }
                    return (listed, elapsed)
                }
            }
        }.get()
        print("Listing 500 versions took \(elapsed)")
        #expect(listed.count == 500)
        #expect(listed.first?.emojiCount == 500)
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
