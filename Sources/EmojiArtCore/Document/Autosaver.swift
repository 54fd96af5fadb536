import Foundation

/// Writes a document shortly after it changes (SPEC W2): a save waits for `debounceSeconds` of
/// quiet, but never more than `maximumDelaySeconds` after the first unsaved change, so steady
/// editing still reaches the disk. The write itself runs off the main actor; a change made while
/// it runs stays unsaved and schedules the next save.
@MainActor
public final class Autosaver {
    /// Waits this long after the last change before saving.
    public static let defaultDebounceSeconds = 1.0
    /// Saves at the latest this long after the first unsaved change.
    public static let defaultMaximumDelaySeconds = 5.0

    /// Writes a model somewhere; called off the main actor.
    public typealias Write = @Sendable (EmojiArtModel) async throws -> Void

    private let document: EmojiArtDocument
    private let debounceSeconds: Double
    private let maximumDelaySeconds: Double
    private var write: Write?
    private let clock: EditorClock
    private var firstUnsavedChange: Duration?
    private var scheduled: Task<Void, Never>?
    private var running: Task<Void, Never>?
    /// How many `saveNow` calls are waiting for a running save to end, so a test can see that a
    /// second save waits instead of guessing how long it takes to get there.
    private(set) var waitingSaveCount = 0

    /// The last save's error, nil after a save succeeds. The window shows it once, persistently.
    public private(set) var lastError: (any Error)?
    /// Called when `lastError` changes.
    public var onErrorChange: (@MainActor () -> Void)?

    /// With a nil `write` nothing is saved until `setWrite(_:)` (an untitled document without a
    /// draft location, say).
    public init(
        document: EmojiArtDocument, write: Write?,
        debounceSeconds: Double = Autosaver.defaultDebounceSeconds,
        maximumDelaySeconds: Double = Autosaver.defaultMaximumDelaySeconds,
        clock: EditorClock = .live
    ) {
        self.document = document
        self.clock = clock
        self.write = write
        self.debounceSeconds = debounceSeconds
        self.maximumDelaySeconds = maximumDelaySeconds
    }

    /// Points saving somewhere else (Save As, a draft becoming a file) and saves soon if needed.
    public func setWrite(_ write: Write?) {
        self.write = write
        documentDidChange()
    }

    /// Call after every document change.
    public func documentDidChange() {
        guard document.hasUnsavedChanges, write != nil else { return }
        let now = clock.now()
        let first = firstUnsavedChange ?? now
        firstUnsavedChange = first
        let deadline = min(now + .seconds(debounceSeconds), first + .seconds(maximumDelaySeconds))
        scheduled?.cancel()
        scheduled = Task { [weak self, clock] in
            try? await clock.sleep(deadline)
            guard !Task.isCancelled else { return }
            await self?.saveNow()
        }
    }

    /// Saves now if anything is unsaved, and returns once the disk has it (or the save failed).
    public func saveNow() async {
        scheduled?.cancel()
        scheduled = nil
        // One save at a time, so the newest model is always the one written last. Another caller
        // waiting with us may start the next save first: then wait for that one too (it may
        // already hold every change).
        while let running {
            waitingSaveCount += 1
            await running.value
            waitingSaveCount -= 1
            // Its owner clears it too, but may not have resumed yet: awaiting a finished task
            // returns at once, so without this the loop would spin on the main actor.
            if self.running == running { self.running = nil }
        }
        guard document.hasUnsavedChanges, let write else { return }
        let model = document.model
        let revision = document.revision
        firstUnsavedChange = nil
        let task = Task { [weak self] in
            let result: Result<Void, any Error>
            do {
                try await Self.perform(write, model)
                result = .success(())
            } catch {
                result = .failure(error)
            }
            self?.finish(result, revision: revision)
        }
        running = task
        await task.value
        if running == task { running = nil }
    }

    /// Stops pending saves, e.g. when the document's window is discarded.
    public func cancel() {
        scheduled?.cancel()
        scheduled = nil
    }

    /// Runs the write on the global executor: encoding and fsync never block the main thread.
    @concurrent
    private nonisolated static func perform(_ write: Write, _ model: EmojiArtModel) async throws {
        try await write(model)
    }

    private func finish(_ result: Result<Void, any Error>, revision: Int) {
        switch result {
        case .success:
            document.markSaved(revision: revision)
            if lastError != nil {
                lastError = nil
                onErrorChange?()
            }
            if document.hasUnsavedChanges { documentDidChange() }
        case .failure(let error):
            let isNew = lastError == nil
            lastError = error
            if isNew { onErrorChange?() }
        }
    }
}
