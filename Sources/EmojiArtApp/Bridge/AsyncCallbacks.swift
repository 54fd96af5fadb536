import CGtk

// One-shot GIO callbacks: the closure is retained for the call and released inside it, since a
// GAsyncReadyCallback is called exactly once (DESIGN joint 2).

typealias AsyncReadyHandler = @MainActor (_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?) -> Void

/// The callback and user data to pass to a GIO `…_async` function, calling `handler` once.
func asyncReady(_ handler: @escaping AsyncReadyHandler) -> (GAsyncReadyCallback, gpointer) {
    (asyncReadyTrampoline, Unmanaged.passRetained(ClosureBox(handler)).toOpaque())
}

private let asyncReadyTrampoline: GAsyncReadyCallback = { source, result, data in
    guard let data else { return }
    let handler = Unmanaged<ClosureBox<AsyncReadyHandler>>.fromOpaque(data).takeRetainedValue().function
    nonisolated(unsafe) let source = source  // GIO calls back on the main context's thread
    nonisolated(unsafe) let result = result
    MainActor.assumeIsolated { handler(source, result) }
}
