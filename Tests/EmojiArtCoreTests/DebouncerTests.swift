import Testing

@testable import EmojiArtCore

/// The canvas's settling, the window state's save and the palette file's reload wait this way.
@MainActor @Suite struct DebouncerTests {
    @Test("the action runs once, the delay after the last schedule; cancel stops it")
    func debounces() async {
        let clock = ManualClock()
        var runs = 0
        let debouncer = Debouncer(delay: .milliseconds(150), clock: clock.editorClock) { runs += 1 }
        debouncer.schedule()
        await waitForSleepers(clock, count: 1)
        clock.advance(to: .milliseconds(100))
        debouncer.schedule()  // pushed back to 250 ms
        await waitForSleepers(clock, count: 1, deadline: .milliseconds(250))
        clock.advance(to: .milliseconds(200))
        await Task.yield()
        #expect(runs == 0 && debouncer.isPending)
        clock.advance(to: .milliseconds(250))
        await waitUntil { runs == 1 }
        #expect(!debouncer.isPending)
        debouncer.schedule()
        await waitForSleepers(clock, count: 1)
        debouncer.cancel()
        clock.advance(to: .seconds(1))
        await Task.yield()
        #expect(runs == 1)
    }

    @Test("scheduleUnlessPending folds calls into the waiting run and never pushes it back")
    func throttles() async {
        let clock = ManualClock()
        var runs = 0
        let debouncer = Debouncer(delay: .milliseconds(150), clock: clock.editorClock) { runs += 1 }
        debouncer.scheduleUnlessPending()
        await waitForSleepers(clock, count: 1, deadline: .milliseconds(150))
        clock.advance(to: .milliseconds(100))
        debouncer.scheduleUnlessPending()  // folded in: still at 150 ms
        await Task.yield()
        #expect(clock.sleeperDeadlines == [.milliseconds(150)])
        clock.advance(to: .milliseconds(150))
        await waitUntil { runs == 1 }
        debouncer.scheduleUnlessPending()  // a new run, 150 ms from now
        await waitForSleepers(clock, count: 1, deadline: .milliseconds(300))
        clock.advance(to: .milliseconds(300))
        await waitUntil { runs == 2 }
        #expect(runs == 2)
    }

    private func waitForSleepers(_ clock: ManualClock, count: Int, deadline: Duration? = nil) async {
        await waitUntil { clock.sleeperCount == count && (deadline == nil || clock.sleeperDeadlines.last == deadline) }
    }

    private func waitUntil(_ condition: () -> Bool) async {
        var tries = 0
        while !condition(), tries < 10_000 {
            tries += 1
            await Task.yield()
        }
    }
}
