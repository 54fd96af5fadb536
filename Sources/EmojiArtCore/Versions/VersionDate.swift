import Foundation

/// When a version was taken, as a person reads it (SPEC H2, H4): "Today 14:02", "Yesterday
/// 09:15", else the date and time in the messages' language.
public enum VersionDate {
    /// `date` seen from `now` in `calendar` (its time zone decides where days begin).
    public static func text(
        _ date: Date, now: Date = Date(), calendar: Calendar = .current, locale: Locale = messagesLocale
    ) -> String {
        let time = DateFormatter()
        time.locale = locale
        time.timeZone = calendar.timeZone
        time.dateStyle = .none
        time.timeStyle = .short
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day
        switch days {
        case 0: return localized("Today {time}", ["time": time.string(from: date)])
        case 1: return localized("Yesterday {time}", ["time": time.string(from: date)])
        default:
            time.dateStyle = .medium
            return time.string(from: date)
        }
    }

    /// The locale of the language the messages are shown in, so a date never reads in another
    /// language than the sentence around it.
    public static var messagesLocale: Locale {
        Locale(identifier: Localization.language)
    }
}
