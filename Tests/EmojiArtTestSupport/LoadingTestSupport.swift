import Foundation

/// A value shared between a test and the closures it hands out, behind a lock.
public final class LoadingBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    public init(_ value: Value) {
        stored = value
    }

    public var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value and returns the new one, atomically.
    public func update(_ change: (inout Value) -> Void) -> Value {
        lock.withLock {
            change(&stored)
            return stored
        }
    }
}

/// Holds fake fetches until the test opens it. Waiting ignores cancellation on purpose: a
/// fetch that finishes after it was cancelled is exactly what the stale-result tests need.
/// Tests open it in a `defer`, so nothing waits past the test.
public final class LoadingGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    public init() {}

    public func wait() async {
        await withCheckedContinuation { continuation in
            let openAlready = lock.withLock {
                if !isOpen { waiters.append(continuation) }
                return isOpen
            }
            if openAlready { continuation.resume() }
        }
    }

    public func open() {
        let waiting = lock.withLock {
            isOpen = true
            defer { waiters = [] }
            return waiters
        }
        waiting.forEach { $0.resume() }
    }
}

/// A weak reference that a `@Sendable` closure can read, to check that something was freed.
public final class LoadingWeakReference<Object: AnyObject>: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: Object?

    public init(_ object: Object) {
        stored = object
    }

    public var object: Object? { lock.withLock { stored } }
}
