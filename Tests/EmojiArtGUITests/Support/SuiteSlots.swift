import Foundation

/// How many GUI suites run at once, each on its own X server: two by default
/// (EMOJIART_GUI_SUITES_AT_ONCE sets another number; 1 runs them one after the other). A suite's
/// tests spend most of their time waiting for an app, a display server or AT-SPI — the whole
/// run kept 0.7 of the two cores busy, one suite at a time — so a second suite fills the other
/// core. More than two would make the input timing GTK relies on (double-click interval, drag
/// threshold, the X drag protocol) depend on load.
actor SuiteSlots {
    static let shared = SuiteSlots(
        count: max(1, Int(ProcessInfo.processInfo.environment["EMOJIART_GUI_SUITES_AT_ONCE"] ?? "") ?? 2))

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    private init(count: Int) {
        free = count
    }

    /// Runs `body` once a slot is free, and frees it after, also when `body` throws.
    nonisolated func withSlot<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        await take()
        do {
            let result = try await body()
            await give()
            return result
        } catch {
            await give()
            throw error
        }
    }

    private func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func give() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
