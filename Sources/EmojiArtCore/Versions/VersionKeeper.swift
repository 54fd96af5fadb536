import Foundation

/// Takes a window's document's versions as H1 says: once it has changed and rested
/// (`VersionSchedule`, on an injected `EditorClock`), and when the window closes. The window
/// calls `documentDidChange(_:)` with every change and `takeVersionNow()` before it closes;
/// nothing else is needed, as with `Autosaver`.
///
/// The edit path pays for nothing but a copy of the model (copy on write): encoding, hashing and
/// writing run off the main actor, one version at a time. A store that cannot be written is
/// reported once through `onErrorChange` (the window shows it once); editing and saving go on.
@MainActor
public final class VersionKeeper {
    private let document: EmojiArtDocument
    private let store: VersionStore
    private let clock: EditorClock
    private let date: @Sendable () -> Date
    private var schedule: VersionSchedule
    private var scheduled: Task<Void, Never>?
    private var running: Task<Void, Never>?
    /// The document as it was opened, kept as a version at the first change unless it is empty:
    /// the state a first mistake would otherwise lose (an hour's edits start from it).
    private var openingState: EmojiArtModel?

    /// The last version's error, nil once a version is written again.
    public private(set) var lastError: VersionStoreError?
    /// Called when `lastError` changes: the first failure, and the recovery.
    public var onErrorChange: (@MainActor () -> Void)?
    /// Called as each version's write starts (`true`) and ends (`false`), for the launch trace.
    public var onWriting: (@MainActor (Bool) -> Void)?

    /// `date` stamps each version (the wall clock; tests give their own).
    public init(
        document: EmojiArtDocument, store: VersionStore, clock: EditorClock = .live,
        schedule: VersionSchedule = VersionSchedule(), date: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.document = document
        self.store = store
        self.clock = clock
        self.schedule = schedule
        self.date = date
        openingState = document.model.isEmpty ? nil : document.model
    }

    /// When the next version is due, nil while the last one holds everything.
    public var deadline: Duration? { schedule.deadline }

    /// Call after every change. Only content counts (emojis, background): undo-button names,
    /// saves and others' drags in progress are no new version. The document gets its id here,
    /// so the save this change brings writes the id with it.
    public func documentDidChange(_ change: DocumentChange = [.emojis, .background]) {
        guard !change.isDisjoint(with: [.emojis, .background]) else { return }
        let id = document.ensureDocumentID()
        if let opening = openingState {
            openingState = nil
            recordOpeningState(opening, in: store.history(of: id))
        }
        schedule.documentChanged(at: clock.now())
        scheduled?.cancel()
        guard let deadline = schedule.deadline else { return }
        scheduled = Task { [weak self, clock] in
            do { try await clock.sleep(deadline) } catch { return }
            guard !Task.isCancelled else { return }
            await self?.takeVersionNow()
        }
    }

    /// Takes a version now if the document changed since the last one (closing the window), and
    /// returns once it is written or failed.
    public func takeVersionNow() async {
        scheduled?.cancel()
        scheduled = nil
        // One write at a time, so versions reach the store in the order they were taken.
        while let running {
            await running.value
            if self.running == running { self.running = nil }
        }
        guard schedule.isDueOnClose, let id = document.model.documentID else { return }
        schedule.versionTaken()
        let model = document.model
        let history = store.history(of: id)
        let taken = date()
        onWriting?(true)
        let task = Task { [weak self] in
            let error = await Self.record(model, in: history, at: taken)
            self?.finish(error)
        }
        running = task
        await task.value
        if running == task { running = nil }
    }

    /// The opened document's version, taken once, before any of the versions after it; a history
    /// that holds the same content already takes nothing.
    private func recordOpeningState(_ opening: EmojiArtModel, in history: DocumentHistory) {
        let taken = date()
        let previous = running
        running = Task { [weak self] in
            await previous?.value
            self?.onWriting?(true)
            let error = await Self.record(opening, in: history, at: taken)
            self?.finish(error)
        }
    }

    /// Stops a pending version, e.g. when the window's document is discarded.
    public func cancel() {
        scheduled?.cancel()
        scheduled = nil
    }

    @concurrent
    private nonisolated static func record(_ model: EmojiArtModel, in history: DocumentHistory, at date: Date) async
        -> VersionStoreError?
    {
        do {
            try history.record(model, at: date)
            return nil
        } catch {
            return error
        }
    }

    private func finish(_ error: VersionStoreError?) {
        onWriting?(false)
        // The version is still owed: the next change, or closing, tries again (no retry of its
        // own, which on a full disk would only fail again).
        if error != nil { schedule.documentChanged(at: clock.now()) }
        switch (error, lastError) {
        case (nil, nil), (.some, .some):
            return  // reported already, or nothing to report
        case (let error, _):
            lastError = error
            onErrorChange?()
        }
    }
}
