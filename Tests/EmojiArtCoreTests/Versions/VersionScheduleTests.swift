import Testing

@testable import EmojiArtCore

/// When H1 takes a version: 30 s after the last change, at most 5 minutes after the first, on
/// close with changes, and never while nothing changed.
@Suite struct VersionScheduleTests {
    @Test("a version is due once the document has been quiet for 30 s")
    func quiet() {
        var schedule = VersionSchedule()
        #expect(schedule.deadline == nil)
        #expect(!schedule.isDue(at: .seconds(1_000)))
        #expect(!schedule.isDueOnClose)
        schedule.documentChanged(at: .seconds(10))
        schedule.documentChanged(at: .seconds(25))
        #expect(schedule.deadline == .seconds(55))
        #expect(!schedule.isDue(at: .seconds(54)))
        #expect(schedule.isDue(at: .seconds(55)))
        schedule.versionTaken()
        #expect(schedule.deadline == nil)
        #expect(!schedule.isDueOnClose)
    }

    @Test("steady editing is kept at least every 5 minutes")
    func steadyEditing() {
        var schedule = VersionSchedule()
        for second in stride(from: 0, through: 400, by: 10) {
            schedule.documentChanged(at: .seconds(second))
            if schedule.isDue(at: .seconds(second)) {
                #expect(second == 300)
                schedule.versionTaken()
            }
        }
        #expect(schedule.firstChange == .seconds(310))
    }

    @Test("closing with changes takes a version")
    func onClose() {
        var schedule = VersionSchedule(quietPeriod: .seconds(1), maximumDelay: .seconds(2))
        schedule.documentChanged(at: .zero)
        #expect(schedule.isDueOnClose)
        #expect(schedule.deadline == .seconds(1))
    }
}
