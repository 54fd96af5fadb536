import Dispatch

/// A raster a frame wanted and did not have: the emoji's text (as laid out) and its size in
/// device pixels.
public struct RasterRequest: Hashable, Sendable {
    public var text: String
    public var pixelSize: Int

    public init(text: String, pixelSize: Int) {
        self.text = text
        self.pixelSize = pixelSize
    }
}

/// How long a crisp frame may spend making rasters on its own thread, so that it never stalls
/// the window. Past it, a frame at a new viewport of the same content is deferred (the caller
/// keeps showing its last frame, moved); otherwise a missing emoji is painted from the nearest
/// size of it the cache holds, scaled, or left out; either way its raster is listed for a
/// `RasterWorkshop` (`DocumentRenderer.missingRasters`).
public struct RasterBudget: Sendable {
    /// Time for making rasters in one frame, in milliseconds.
    public var milliseconds: Double
    /// Pixels of stand-ins (rasters of other sizes, sampled) a frame may paint: sampling costs
    /// ~10 ns a pixel, so 400,000 keep them within ~4 ms; past it, emojis wait unpainted.
    public var standInPixels: Int
    /// Monotonic nanoseconds (injected by tests).
    public var clock: @Sendable () -> UInt64

    public init(
        milliseconds: Double, standInPixels: Int = 400_000,
        clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }
    ) {
        self.milliseconds = milliseconds
        self.standInPixels = standInPixels
        self.clock = clock
    }

    /// A canvas frame's: with painting (~8 ms for a crowded 1920 × 1080 view) it stays within
    /// one 16 ms frame.
    public static let canvasFrame = RasterBudget(milliseconds: 6)

    /// The budget of a view's first frame, which has no frame to keep showing meanwhile: emojis
    /// left out would show as holes (and the window as not drawn yet, until the workshop's
    /// rasters arrive), so it may paint eight times the stand-ins — at most ~16 ms more, on the
    /// painter's two threads.
    public var firstFrame: RasterBudget {
        var budget = self
        budget.standInPixels *= 8
        return budget
    }

    /// The clock reading past which the frame started at `start` makes no more rasters.
    func deadline(from start: UInt64) -> UInt64 { start + UInt64(max(0, milliseconds) * 1_000_000) }
}
