/// Runs an action once things have been quiet for `delay`: each `schedule()` pushes it back.
/// The wheel's zoom steps settling into a crisp frame, the window state's save and the palette
/// file's reload all wait this way, on an `EditorClock` a test can move by hand. A shared
/// document's save uses `scheduleUnlessPending()` instead, which never pushes it back.
@MainActor
public final class Debouncer {
    private let delay: Duration
    private let clock: EditorClock
    private let action: @MainActor () -> Void
    private var pending: Task<Void, Never>?

    public init(delay: Duration, clock: EditorClock = .live, action: @escaping @MainActor () -> Void) {
        self.delay = delay
        self.clock = clock
        self.action = action
    }

    /// Whether the action is waiting to run.
    public var isPending: Bool { pending != nil }

    /// Runs the action `delay` from now, unless `schedule()` or `cancel()` comes first.
    public func schedule() {
        pending?.cancel()
        let deadline = clock.now() + delay
        pending = Task { [weak self, clock] in
            do { try await clock.sleep(deadline) } catch { return }
            guard let self, !Task.isCancelled else { return }
            pending = nil
            action()
        }
    }

    /// Runs the action `delay` from now unless it is already waiting, in which case this call
    /// folds into that run: a steady stream of calls still runs it every `delay` (others' edits
    /// reach the file within a fraction of a second however fast they come).
    public func scheduleUnlessPending() {
        guard pending == nil else { return }
        schedule()
    }

    public func cancel() {
        pending?.cancel()
        pending = nil
    }
}
