import EmojiArtTestSupport
import Foundation
import Synchronization
import Testing

@testable import EmojiArtCore

/// Records the models an autosaver writes, and can be told to fail.
private final class WriteRecorder: Sendable {
    private let state = Mutex<(models: [EmojiArtModel], failing: Bool)>(([], false))

    var models: [EmojiArtModel] { state.withLock { $0.models } }

    func setFailing(_ failing: Bool) {
        state.withLock { $0.failing = failing }
    }

    var write: Autosaver.Write {
        { [self] model in
            try state.withLock { state in
                if state.failing { throw CocoaError(.fileWriteOutOfSpace) }
                state.models.append(model)
            }
        }
    }
}

@MainActor
@Suite struct AutosaverTests {
    @Test("a change is written after a quiet moment and the document is marked saved")
    func savesAfterDebounce() async throws {
        let document = EmojiArtDocument()
        let recorder = WriteRecorder()
        let autosaver = Autosaver(document: document, write: recorder.write, debounceSeconds: 0.05, maximumDelaySeconds: 1)
        document.addEmoji("😀", at: .zero, size: 40)
        autosaver.documentDidChange()
        try await waitUntil("!document.hasUnsavedChanges", timeout: .seconds(60)) { !document.hasUnsavedChanges }
        #expect(recorder.models.last == document.model)
    }

    // Before the clock was injected, a 300 ms stall of the test machine could leave 300 ms of
    // quiet between two changes and let the debounce save: this test passed without proving the
    // maximum delay. On a clock moved by hand, nothing but the maximum delay can save.
    @Test("steady editing is saved at the maximum delay after the first change: not before, and not only after quiet")
    func maximumDelay() async throws {
        let document = EmojiArtDocument()
        let recorder = WriteRecorder()
        let clock = ManualClock()
        let autosaver = Autosaver(
            document: document, write: recorder.write, debounceSeconds: 0.3, maximumDelaySeconds: 0.5,
            clock: clock.editorClock)
        // A change every 200 ms never leaves 300 ms of quiet.
        for step in 0...2 {
            clock.advance(to: .milliseconds(200 * step))
            document.addEmoji("🐶", at: .zero, size: 40)
            autosaver.documentDidChange()
            try await waitUntil("clock.sleeperCount == 1", timeout: .seconds(60)) { clock.sleeperCount == 1 }
        }
        // The one pending save is due at the maximum delay, 500 ms after the first change.
        try await waitUntil("clock.sleeperDeadlines == [.milliseconds(500)]", timeout: .seconds(60)) {
            clock.sleeperDeadlines == [.milliseconds(500)]
        }
        clock.advance(to: .milliseconds(499))
        await Task.yield()
        #expect(recorder.models.isEmpty, "saved before the maximum delay")
        clock.advance(to: .milliseconds(500))
        try await waitUntil("recorder.models.count == 1", timeout: .seconds(60)) { recorder.models.count == 1 }
        #expect(recorder.models.last == document.model)
    }

    @Test("a change is saved exactly one debounce after the last change, on the injected clock")
    func debounceOnInjectedClock() async throws {
        let document = EmojiArtDocument()
        let recorder = WriteRecorder()
        let clock = ManualClock()
        let autosaver = Autosaver(
            document: document, write: recorder.write, debounceSeconds: 1, maximumDelaySeconds: 5, clock: clock.editorClock)
        document.addEmoji("😀", at: .zero, size: 40)
        autosaver.documentDidChange()
        try await waitUntil("clock.sleeperDeadlines == [.seconds(1)]", timeout: .seconds(60)) { clock.sleeperDeadlines == [.seconds(1)] }
        clock.advance(to: .milliseconds(999))
        await Task.yield()
        #expect(recorder.models.isEmpty)
        clock.advance(to: .seconds(1))
        try await waitUntil("!document.hasUnsavedChanges", timeout: .seconds(60)) { !document.hasUnsavedChanges }
        #expect(recorder.models.count == 1)
    }

    @Test("saveNow writes at once; nothing is written when nothing changed")
    func saveNow() async {
        let document = EmojiArtDocument()
        let recorder = WriteRecorder()
        let autosaver = Autosaver(document: document, write: recorder.write, debounceSeconds: 60, maximumDelaySeconds: 60)
        await autosaver.saveNow()
        #expect(recorder.models.isEmpty)
        document.addEmoji("😀", at: .zero, size: 40)
        autosaver.documentDidChange()
        await autosaver.saveNow()
        #expect(recorder.models.count == 1)
        #expect(!document.hasUnsavedChanges)
    }

    @Test("a failed save keeps the changes unsaved and reports the error once; a later success clears it")
    func failureReportedOnce() async {
        let document = EmojiArtDocument()
        let recorder = WriteRecorder()
        recorder.setFailing(true)
        let autosaver = Autosaver(document: document, write: recorder.write, debounceSeconds: 0.01, maximumDelaySeconds: 1)
        var reports = 0
        autosaver.onErrorChange = { reports += 1 }
        for _ in 0..<3 {
            document.addEmoji("😀", at: .zero, size: 40)
            autosaver.documentDidChange()
            await autosaver.saveNow()
        }
        #expect(document.hasUnsavedChanges)
        #expect(autosaver.lastError != nil)
        #expect(reports == 1)
        recorder.setFailing(false)
        await autosaver.saveNow()
        #expect(!document.hasUnsavedChanges)
        #expect(autosaver.lastError == nil)
        #expect(reports == 2)
    }

    @Test("without a place to write, nothing is saved until one is given")
    func noWriteUntilSet() async throws {
        let document = EmojiArtDocument()
        let recorder = WriteRecorder()
        let autosaver = Autosaver(document: document, write: nil, debounceSeconds: 0.01, maximumDelaySeconds: 1)
        document.addEmoji("😀", at: .zero, size: 40)
        autosaver.documentDidChange()
        await autosaver.saveNow()
        #expect(recorder.models.isEmpty)
        autosaver.setWrite(recorder.write)
        try await waitUntil("!document.hasUnsavedChanges", timeout: .seconds(60)) { !document.hasUnsavedChanges }
    }

    /// Found while writing the save-racing stress test: two saves that waited for the same running
    /// save both started when it ended, and wrote at the same time; if the older one finished
    /// last, the disk held it while the document counted the newer revision as saved.
    @Test("saves never overlap: saves waiting for a running one start one at a time, and the newest is written last")
    func savesNeverOverlap() async throws {
        let document = EmojiArtDocument()
        // Each write holds until the test opens its own gate, so an overlapping write would be
        // running at the same time as the held one.
        let gates = [LoadingGate(), LoadingGate(), LoadingGate()]
        defer { gates.forEach { $0.open() } }
        let writes = LoadingBox((started: 0, running: 0, mostAtOnce: 0, models: [EmojiArtModel]()))
        let autosaver = Autosaver(
            document: document,
            write: { model in
                let index =
                    writes.update {
                        $0.started += 1
                        $0.running += 1
                        $0.mostAtOnce = max($0.mostAtOnce, $0.running)
                    }.started - 1
                await gates[min(index, gates.count - 1)].wait()
                _ = writes.update {
                    $0.running -= 1
                    $0.models.append(model)
                }
            }, debounceSeconds: 60, maximumDelaySeconds: 60)

        document.addEmoji("😀", at: .zero, size: 40)
        let first = Task { await autosaver.saveNow() }
        try await waitUntil("the first write runs", timeout: .seconds(60)) { writes.value.running == 1 }
        document.addEmoji("🐶", at: .zero, size: 40)
        let second = Task { await autosaver.saveNow() }
        let third = Task { await autosaver.saveNow() }
        try await waitUntil("both later saves wait for the first", timeout: .seconds(60)) { autosaver.waitingSaveCount == 2 }
        gates[0].open()
        // One of the two starts the next write; the other waits for that one in turn.
        try await waitUntil("the second write runs while the third save waits", timeout: .seconds(60)) {
            writes.value.models.count == 1 && writes.value.running == 1 && autosaver.waitingSaveCount == 1
        }
        gates[1].open()
        for save in [first, second, third] { await save.value }

        #expect(writes.value.mostAtOnce == 1)
        #expect(writes.value.models.count == 2, "the third save found the second had written everything")
        #expect(writes.value.models.last == document.model)
        #expect(!document.hasUnsavedChanges)
    }
}
