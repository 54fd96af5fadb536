/// A token bucket per client address (SPEC C8 `--rooms-per-minute`): each address may spend
/// `perMinute` at once, and gets one back every `60 / perMinute` seconds. A plain value with the
/// time passed in, so its tests need no clock.
///
/// An address whose bucket has refilled is the same as one never seen, so it is dropped: the
/// table holds only addresses that spent something in the last minute, and `prune` runs
/// whenever it doubles, keeping its memory proportional to the last minute's strangers.
struct RateLimiter: Sendable {
    let perMinute: Int
    private var buckets: [ClientAddress: Bucket] = [:]
    private var pruneAt = 1024

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    init(perMinute: Int) {
        self.perMinute = perMinute
    }

    /// Spends one token of `address`'s bucket; false when it has none left.
    mutating func allow(_ address: ClientAddress, at now: ContinuousClock.Instant) -> Bool {
        if buckets.count >= pruneAt {
            prune(at: now)
            pruneAt = max(1024, buckets.count * 2)
        }
        var bucket = buckets[address].map { refilled($0, at: now) } ?? Bucket(tokens: Double(perMinute), updated: now)
        guard bucket.tokens >= 1 else {
            buckets[address] = bucket
            return false
        }
        bucket.tokens -= 1
        buckets[address] = bucket
        return true
    }

    /// Whether `address` has a token to spend now (spends nothing).
    func hasAllowance(_ address: ClientAddress, at now: ContinuousClock.Instant) -> Bool {
        buckets[address].map { refilled($0, at: now).tokens >= 1 } ?? true
    }

    /// Drops the addresses whose bucket is full again.
    mutating func prune(at now: ContinuousClock.Instant) {
        buckets = buckets.filter { refilled($0.value, at: now).tokens < Double(perMinute) }
    }

    var addressCount: Int { buckets.count }

    private func refilled(_ bucket: Bucket, at now: ContinuousClock.Instant) -> Bucket {
        let seconds = Double((now - bucket.updated).components.seconds) + Double((now - bucket.updated).components.attoseconds) / 1e18
        let tokens = min(Double(perMinute), bucket.tokens + seconds * Double(perMinute) / 60)
        return Bucket(tokens: tokens, updated: now)
    }
}
