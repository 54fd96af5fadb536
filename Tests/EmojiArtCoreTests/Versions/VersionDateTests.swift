import Foundation
import Testing

@testable import EmojiArtCore

/// How a version's time reads (H2, H4): today's and yesterday's by name, older ones as dates.
@Suite struct VersionDateTests {
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    /// 2027-01-15 16:00 UTC.
    private let now = Date(timeIntervalSince1970: 1_800_028_800)

    @Test("today and yesterday by name, with the time")
    func recentDays() {
        let locale = Locale(identifier: "en_GB")
        #expect(VersionDate.text(now - 2 * 3_600, now: now, calendar: calendar, locale: locale) == "Today 14:00")
        #expect(VersionDate.text(now - 20 * 3_600, now: now, calendar: calendar, locale: locale) == "Yesterday 20:00")
    }

    @Test("older versions give their date and time in the messages' language")
    func olderDays() {
        let text = VersionDate.text(now - 10 * 86_400, now: now, calendar: calendar, locale: Locale(identifier: "en_GB"))
        #expect(text.contains("2027") && text.contains("5 Jan") && text.contains("16:00"))
        let german = VersionDate.text(now - 10 * 86_400, now: now, calendar: calendar, locale: Locale(identifier: "de"))
        #expect(german.contains("05.01.2027") || german.contains("5. Jan"))
    }
}
