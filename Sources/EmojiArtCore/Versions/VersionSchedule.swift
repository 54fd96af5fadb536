/// When a version is due (SPEC H1): once the document has changed and then rested for
/// `quietPeriod`, at the latest `maximumDelay` after the first change not in a version (so a
/// long session of steady editing still keeps its past), and when the document closes with
/// changes. Nothing is due while nothing changed.
///
/// Pure: times are the `EditorClock`'s, passed in, so the rule is tested on a clock moved by hand.
/// The window calls `documentChanged(at:)` on every change, sleeps until `deadline`, and takes a
/// version when `isDue(at:)`, calling `versionTaken()` as it hands the model to the writer.
public struct VersionSchedule: Hashable, Sendable {
    /// About 30 s after the last edit (H1).
    public static let defaultQuietPeriod = Duration.seconds(30)
    /// Steady editing is kept at least every 5 minutes.
    public static let defaultMaximumDelay = Duration.seconds(300)

    public var quietPeriod: Duration
    public var maximumDelay: Duration
    /// The first change since the last version, nil when the last version holds everything.
    public private(set) var firstChange: Duration?
    public private(set) var lastChange: Duration?

    public init(quietPeriod: Duration = defaultQuietPeriod, maximumDelay: Duration = defaultMaximumDelay) {
        self.quietPeriod = quietPeriod
        self.maximumDelay = maximumDelay
    }

    /// The document changed at `now`.
    public mutating func documentChanged(at now: Duration) {
        if firstChange == nil { firstChange = now }
        lastChange = now
    }

    /// When a version becomes due, nil while nothing changed.
    public var deadline: Duration? {
        guard let firstChange, let lastChange else { return nil }
        return min(lastChange + quietPeriod, firstChange + maximumDelay)
    }

    public func isDue(at now: Duration) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    /// Whether closing the document now should take a version: it changed since the last one.
    public var isDueOnClose: Bool { firstChange != nil }

    /// The version was taken (its model handed to the writer): later changes start afresh.
    public mutating func versionTaken() {
        firstChange = nil
        lastChange = nil
    }
}
