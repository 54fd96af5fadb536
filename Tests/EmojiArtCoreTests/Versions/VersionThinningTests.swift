import Foundation
import Testing

@testable import EmojiArtCore

/// H1's thinning, pure: a minute apart for an hour, an hour apart for a day, a day apart for 30
/// days, a week apart beyond; named versions kept; then the byte budget, oldest first.
@Suite struct VersionThinningTests {
    /// Midnight at the start of a week bucket, so the buckets in these tests are easy to count.
    static let now = Date(
        timeIntervalSince1970: (1_800_000_000 / VersionThinning.week).rounded(.down) * VersionThinning.week + 3 * VersionThinning.week)

    static func candidates(agesInSeconds ages: [TimeInterval], named: Set<Int> = [], bytes: Int = 1_000) -> [VersionThinning.Candidate] {
        ages.enumerated().map { index, age in
            VersionThinning.Candidate(
                number: ages.count - index, date: now - age, isNamed: named.contains(ages.count - index), storedBytes: bytes)
        }
    }

    // Buckets are counted from 1970, not from now: an hour holds 60 or 61 minute buckets, a day 24
    // or 25 hour buckets, depending on where `now` falls.
    @Test("every version of the last hour is kept, but one a minute")
    func lastHour() {
        // Ages 0…3599 s every 20 s: three a minute, 180 in all.
        let versions = Self.candidates(agesInSeconds: stride(from: 0.0, to: 3_600, by: 20).map { $0 })
        let kept = VersionThinning.standard.kept(versions, now: Self.now)
        #expect((60...61).contains(kept.count))
        #expect(kept.contains(versions.map(\.number).max()!))
    }

    @Test("one an hour for a day, one a day for 30 days, one a week beyond")
    func tiers() {
        let hour = VersionThinning.hour
        let day = VersionThinning.day
        // Every 10 minutes from one hour to one day old: 23 hour buckets.
        let dayVersions = stride(from: hour, to: day, by: 600).map { $0 }
        let keptDay = VersionThinning.standard.kept(Self.candidates(agesInSeconds: [0] + dayVersions), now: Self.now).count - 1
        #expect((23...24).contains(keptDay))
        // Every 2 hours from 1 to 31 days old: 30 day buckets.
        let monthVersions = stride(from: day, to: 31 * day, by: 2 * hour).map { $0 }
        let keptMonth = VersionThinning.standard.kept(Self.candidates(agesInSeconds: [0] + monthVersions), now: Self.now).count - 1
        #expect((30...31).contains(keptMonth))
        // Every day from 31 days to 31 + 10 weeks old: 10 week buckets (11 when a bucket straddles).
        let old = stride(from: 31 * day, to: 31 * day + 70 * day, by: day).map { $0 }
        let keptOld = VersionThinning.standard.kept(Self.candidates(agesInSeconds: [0] + old), now: Self.now).count - 1
        #expect((10...11).contains(keptOld))
    }

    @Test("named versions are never thinned, whatever their age")
    func namedKept() {
        let versions = Self.candidates(agesInSeconds: [0, 10, 20, 30, 40], named: [1, 2, 3])
        let kept = VersionThinning.standard.kept(versions, now: Self.now)
        #expect(kept.isSuperset(of: [1, 2, 3, 5]))
    }

    @Test("thinning twice keeps what thinning once kept")
    func idempotent() {
        let versions = Self.candidates(agesInSeconds: stride(from: 0.0, to: 60 * VersionThinning.day, by: 1_234).map { $0 })
        let once = VersionThinning.standard.kept(versions, now: Self.now)
        let twice = VersionThinning.standard.kept(versions.filter { once.contains($0.number) }, now: Self.now)
        #expect(once == twice)
    }

    @Test("over the budget the oldest unnamed versions go first; an image shared by versions counts once")
    func budget() {
        var thinning = VersionThinning.standard
        thinning.budgetBytes = 10_000
        // Six versions a minute apart, 1,000 bytes each plus one 5,000-byte image they share.
        var versions = Self.candidates(agesInSeconds: [0, 60, 120, 180, 240, 300], named: [1])
        for index in versions.indices {
            versions[index].image = String(repeating: "a", count: 64)
            versions[index].imageBytes = 5_000
        }
        // 6,000 + 5,000 > 10,000: the oldest unnamed (number 2) goes, the named first one stays.
        #expect(thinning.kept(versions, now: Self.now) == [1, 3, 4, 5, 6])
        thinning.budgetBytes = 0
        #expect(thinning.kept(versions, now: Self.now) == [1, 6])
    }
}
