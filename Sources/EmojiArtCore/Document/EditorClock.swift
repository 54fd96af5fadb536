/// Time for the debounced work of the editor (autosave W2, the canvas settling, …) as a pair of
/// closures (isowords' dependency style, DESIGN "Code style"): the live clock in the app, a clock
/// moved by hand in tests, so debounce rules are proved exactly instead of by racing real time on a
/// loaded machine.
public struct EditorClock: Sendable {
    /// Time since an origin of the clock's choosing.
    public var now: @Sendable () -> Duration
    /// Returns once `now()` has reached `deadline`; throws `CancellationError` when the
    /// calling task is cancelled first.
    public var sleep: @Sendable (_ deadline: Duration) async throws -> Void

    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// `ContinuousClock`, which keeps counting while the machine sleeps.
    public static var live: EditorClock {
        let origin = ContinuousClock.now
        return EditorClock(
            now: { ContinuousClock.now - origin },
            sleep: { deadline in try await Task.sleep(until: origin + deadline, clock: .continuous) })
    }
}
