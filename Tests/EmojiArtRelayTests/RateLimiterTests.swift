import Testing

@testable import EmojiArtRelay

/// The room-creation rate (SPEC C8) on a clock the test moves by hand.
@Suite struct RateLimiterTests {
    let start = ContinuousClock.now
    let ann = ClientAddress(text: "192.0.2.1")
    let bob = ClientAddress(text: "192.0.2.2")

    @Test("an address spends its minute's worth at once, then waits for one to come back")
    func burstThenRefill() {
        var limiter = RateLimiter(perMinute: 30)
        let burst = (0..<31).map { _ in limiter.allow(ann, at: start) }
        #expect(burst == Array(repeating: true, count: 30) + [false])
        let later = [1, 2, 2].map { limiter.allow(ann, at: start + .seconds($0)) }
        #expect(later == [false, true, false], "one comes back every 2 s")
        let other = limiter.allow(bob, at: start)
        #expect(other, "another address has its own bucket")
    }

    @Test("addresses whose bucket refilled are pruned: the table holds only the last minute's")
    func pruned() {
        var limiter = RateLimiter(perMinute: 2)
        for index in 0..<5000 {
            _ = limiter.allow(ClientAddress(text: "10.0.\(index / 256).\(index % 256)"), at: start)
        }
        #expect(limiter.addressCount == 5000)
        limiter.prune(at: start + .seconds(61))
        #expect(limiter.addressCount == 0)
        // Pruning also happens by itself as the table grows: one new address a second, each
        // refilled after 30 s, never makes it hold more than its floor of 1024.
        for index in 0..<10_000 {
            _ = limiter.allow(ClientAddress(text: "10.1.\(index / 256).\(index % 256)"), at: start + .seconds(200 + index))
        }
        #expect(limiter.addressCount <= 1024)
    }
}
