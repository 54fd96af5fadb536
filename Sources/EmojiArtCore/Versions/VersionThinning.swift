import Foundation

/// Which versions a history keeps (SPEC H1), as Time Machine thins its backups: every version of
/// the last hour but at most one a minute, then one an hour for a day, one a day for 30 days and
/// one a week beyond — then, within a byte budget per document, the oldest go first. Named
/// versions are never thinned and never count against the budget's removals; the newest version
/// is always kept.
///
/// Pure: the time is a parameter, so the policy is tested on simulated weeks. Versions fall into
/// buckets of fixed calendar-free length counted from 1970, and each bucket keeps its oldest — the
/// state a burst of edits started from, such as the document as it was opened, which the newest
/// (always kept) would otherwise push out of its minute. The choice does not depend on when
/// thinning runs, so running it again changes nothing.
public struct VersionThinning: Hashable, Sendable {
    /// Versions younger than `maximumAge` are kept at most one per `spacing`.
    public struct Tier: Hashable, Sendable {
        public var maximumAge: TimeInterval
        public var spacing: TimeInterval

        public init(maximumAge: TimeInterval, spacing: TimeInterval) {
            self.maximumAge = maximumAge
            self.spacing = spacing
        }
    }

    /// What thinning needs to know of a version.
    public struct Candidate: Hashable, Sendable {
        public var number: Int
        public var date: Date
        public var isNamed: Bool
        /// The version's own file, without its image.
        public var storedBytes: Int
        /// The embedded image's hash, nil for none: versions sharing an image pay for it once.
        public var image: String?
        public var imageBytes: Int

        public init(number: Int, date: Date, isNamed: Bool, storedBytes: Int, image: String? = nil, imageBytes: Int = 0) {
            self.number = number
            self.date = date
            self.isNamed = isNamed
            self.storedBytes = storedBytes
            self.image = image
            self.imageBytes = imageBytes
        }
    }

    public static let minute: TimeInterval = 60
    public static let hour: TimeInterval = 3_600
    public static let day: TimeInterval = 86_400
    public static let week: TimeInterval = 7 * 86_400
    /// 64 MB a document (H1).
    public static let defaultBudgetBytes = 64 * 1024 * 1024

    /// Youngest first; versions older than the last tier are kept one per `beyondSpacing`.
    public var tiers: [Tier]
    public var beyondSpacing: TimeInterval
    public var budgetBytes: Int

    public init(tiers: [Tier], beyondSpacing: TimeInterval, budgetBytes: Int) {
        self.tiers = tiers
        self.beyondSpacing = beyondSpacing
        self.budgetBytes = budgetBytes
    }

    /// H1's schedule: a minute apart for an hour, an hour apart for a day, a day apart for the
    /// 30 days after that, a week apart beyond; 64 MB.
    public static let standard = VersionThinning(
        tiers: [
            Tier(maximumAge: hour, spacing: minute), Tier(maximumAge: day, spacing: hour),
            Tier(maximumAge: day + 30 * day, spacing: day),
        ], beyondSpacing: week, budgetBytes: defaultBudgetBytes)

    /// The numbers of the versions to keep at `now`.
    public func kept(_ versions: [Candidate], now: Date) -> Set<Int> {
        let newestFirst = versions.sorted { ($0.date, $0.number) > ($1.date, $1.number) }
        guard let newest = newestFirst.first else { return [] }
        var kept: Set<Int> = [newest.number]
        var filledBuckets = Set<Bucket>()
        for version in newestFirst.reversed() {
            let spacing = self.spacing(forAge: now.timeIntervalSince(version.date))
            let bucket = Bucket(spacing: spacing, index: (version.date.timeIntervalSince1970 / spacing).rounded(.down))
            // Oldest first, so the first version seen in a bucket is the one it keeps.
            if filledBuckets.insert(bucket).inserted || version.isNamed { kept.insert(version.number) }
        }
        return withinBudget(kept, of: newestFirst, newest: newest.number)
    }

    /// Removes the oldest unnamed versions from `kept` until the kept bytes fit the budget (an
    /// image shared by several versions counted once), never the newest.
    private func withinBudget(_ kept: Set<Int>, of newestFirst: [Candidate], newest: Int) -> Set<Int> {
        var kept = kept
        var imageUsers = [String: Int]()
        var imageSizes = [String: Int]()
        var total = 0
        for version in newestFirst where kept.contains(version.number) {
            total += version.storedBytes
            guard let image = version.image else { continue }
            if imageUsers[image, default: 0] == 0 { total += version.imageBytes }
            imageUsers[image, default: 0] += 1
            imageSizes[image] = version.imageBytes
        }
        for version in newestFirst.reversed() where total > budgetBytes {
            guard kept.contains(version.number), !version.isNamed, version.number != newest else { continue }
            kept.remove(version.number)
            total -= version.storedBytes
            if let image = version.image {
                imageUsers[image, default: 1] -= 1
                if imageUsers[image] == 0 { total -= imageSizes[image] ?? 0 }
            }
        }
        return kept
    }

    private func spacing(forAge age: TimeInterval) -> TimeInterval {
        tiers.first { age < $0.maximumAge }?.spacing ?? beyondSpacing
    }

    private struct Bucket: Hashable {
        var spacing: TimeInterval
        var index: Double
    }
}
