import Foundation
import Testing

@testable import EmojiArtRelay

/// The relay's log under a flood (SPEC C8): a line per kind of refusal a minute at most.
@Suite struct RefusalLogTests {
    final class Lines: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
        var now = ContinuousClock.now
    }

    @Test("a thousand refusals of a kind make one line a minute, counting the rest; kinds are apart; no token or content")
    func oneLinePerKindPerMinute() {
        let lines = Lines()
        let log = RefusalLog(
            now: { lines.lock.withLock { lines.now } }, write: { line in lines.lock.withLock { lines.lines.append(line) } })
        let address = ClientAddress(text: "203.0.113.7")
        for _ in 0..<1000 { log.record(.tooManyNewRooms(perMinute: 30), from: address) }
        log.record(.tokenWrong, from: address)
        #expect(lines.lines.count == 2)
        lines.now += .seconds(61)
        log.record(.tooManyNewRooms(perMinute: 30), from: address)
        #expect(lines.lines.count == 3)
        #expect(lines.lines[2].contains("999 more"))
        #expect(lines.lines.allSatisfy { !$0.lowercased().contains("bearer") })
    }
}
