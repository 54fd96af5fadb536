import CPangoCairo

/// How a `ContentLayer` paints a frame off its thread: `run(work, then)` runs `work` on another
/// thread, then `then` on the layer's thread.
public struct OffThreadPainting: Sendable {
    public var run: @Sendable (_ work: @escaping @Sendable () -> Void, _ then: @escaping @Sendable () -> Void) -> Void

    public init(run: @escaping @Sendable (_ work: @escaping @Sendable () -> Void, _ then: @escaping @Sendable () -> Void) -> Void) {
        self.run = run
    }
}

/// A frame painted off the layer's thread into a surface of its own, which the layer takes
/// when it lands.
final class Flight: @unchecked Sendable {
    let frame: DirectFrame
    let generation: Int
    private var surface: OpaquePointer?

    init(frame: DirectFrame, surface: OpaquePointer, generation: Int) {
        self.frame = frame
        self.surface = surface
        self.generation = generation
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }

    /// On the painting thread, which alone touches the surface until `then` runs.
    func paint() {
        guard let surface else { return }
        frame.paintEmojis(into: surface)
        cairo_surface_flush(surface)
    }

    func takeSurface() -> OpaquePointer? {
        defer { surface = nil }
        return surface
    }
}

/// The layer, for a landing closure to reach it on the layer's thread (never used elsewhere).
struct LayerReference: @unchecked Sendable {
    weak var layer: ContentLayer?

    init(_ layer: ContentLayer) { self.layer = layer }

    func land(_ flight: Flight) { layer?.land(flight) }
}
