import EmojiArtCollab
import EmojiArtCollabNet
import Testing

/// When a client tries its relay again (C6): doubling from the first delay up to the cap, each
/// delay shortened by a random share (so a relay's clients do not all come back at once), on a
/// seeded generator — no clock, no sleep.
@Suite struct BackoffTests {
    @Test("delays double from the first to the cap, each within its jitter, and the same seed gives the same delays")
    func doublesWithinJitter() {
        let backoff = Backoff(first: .milliseconds(100), maximum: .seconds(10), jitter: 0.5)
        var random = SeededRandom(seed: 7)
        var again = SeededRandom(seed: 7)
        for attempt in 0..<40 {
            let base = min(Duration.seconds(10), .milliseconds(100) * Int(1 << min(attempt, 30)))
            let delay = backoff.delay(attempt: attempt, using: &random)
            #expect(delay <= base && delay >= base / 2, "attempt \(attempt): \(delay) for \(base)")
            #expect(backoff.delay(attempt: attempt, using: &again) == delay)
        }
    }

    @Test("without jitter the delays are exact; attempts far past the cap stay at the cap")
    func exactWithoutJitter() {
        let backoff = Backoff(first: .milliseconds(250), maximum: .seconds(2), jitter: 0)
        var random = SeededRandom(seed: 1)
        let delays = (0..<5).map { backoff.delay(attempt: $0, using: &random) }
        #expect(delays == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(2)])
        #expect(backoff.delay(attempt: Int.max, using: &random) == .seconds(2))
    }

    @Test("the jitter spreads clients: many seeds give many different first delays")
    func jitterSpreads() {
        let backoff = Backoff()
        let delays = Set(
            (0..<50).map { seed -> Duration in
                var random = SeededRandom(seed: UInt64(seed))
                return backoff.delay(attempt: 3, using: &random)
            })
        #expect(delays.count > 40)
    }
}
