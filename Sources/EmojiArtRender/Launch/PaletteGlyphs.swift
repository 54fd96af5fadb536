import CPangoCairo
import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The palette strip's emoji images, made on a thread of their own, off the launch's main thread.
///
/// Shown as GtkLabel text, each colour emoji made FreeType decode its PNG glyph on the main
/// thread, once to measure the label and again to draw it: ~40 ms of an untitled launch for the
/// 75 emojis of the Faces palette (a launch whose first palette held one emoji: 165 ms instead of
/// 205). Here the canvas's own rasterizer makes each image once, on a worker thread, and the
/// strip paints them into fixed-size drawing areas. An image not ready yet leaves its button's
/// place empty; the place already has its final size, so nothing moves when the image arrives
/// and observers redraw.
///
/// The work starts when the strip is built, not before GTK starts: drawing text with Pango on a
/// second thread while GTK initialised (fontconfig, FreeType and cairo starting up on both)
/// slowed the main thread's start-up by ~10 ms even at the lowest scheduling priority, and the
/// whole palette was ready no sooner. Until the launch's first frame only the pictures that can
/// be in view are made; the others wait in `heldBack` until `releaseLaunchHold()`.
public final class PaletteGlyphs: @unchecked Sendable {
    // @unchecked Sendable: the queue and the finished images are guarded by `condition`; the
    // observers and `deliveryScheduled`'s effects belong to the main actor.
    public static let shared = PaletteGlyphs()

    /// An emoji's laid-out height in the strip at normal text size, in logical pixels: the line
    /// height of the 28 px Noto Color Emoji text the strip showed before (28 × 1.171875).
    public static let basePixelSize = 33

    struct Key: Hashable, Sendable {
        var emoji: String
        /// Device pixels: the logical size times the widget's scale factor.
        var pixelSize: Int
    }

    /// An image made on the worker: read-only once made, and its surface is released by
    /// whichever thread drops the last reference (cairo's reference counting is thread-safe).
    private struct Finished: @unchecked Sendable {
        var raster: EmojiRaster?
    }

    private let condition = NSCondition()
    private var pending: [Key] = []
    /// Keys queued beyond the view during the launch, made after its first frame.
    private var heldBack: [Key] = []
    private var holdsBack = true
    private var requested: Set<Key> = []
    private var finished: [Key: Finished] = [:]
    private var workerStarted = false
    private var deliveryScheduled = false

    @MainActor private var observers: [Int: @MainActor () -> Void] = [:]
    /// Called on the main thread once every picture asked for is made (the App loads the emojis'
    /// spoken names then, off the launch's way).
    @MainActor public var whenAllMade: (@MainActor () -> Void)?
    @MainActor private var lastObserverToken = 0

    /// Queues images of `emojis` at `pixelSize` device pixels, in order, on the worker; from any
    /// thread. Already made or queued ones are skipped. Until the launch's first frame, those
    /// after the first `inView` wait for it.
    public func prefetch(_ emojis: [String], pixelSize: Int, inView: Int = .max) {
        condition.lock()
        defer { condition.unlock() }
        for (index, emoji) in emojis.enumerated() {
            let key = Key(emoji: emoji, pixelSize: pixelSize)
            guard requested.insert(key).inserted else { continue }
            if holdsBack && index >= inView {
                heldBack.append(key)
            } else {
                pending.append(key)
            }
        }
        startWorkerIfNeeded()
        condition.signal()
    }

    /// The launch's first frame is on screen: the pictures held back are made now. Later calls
    /// do nothing.
    public func releaseLaunchHold() {
        condition.lock()
        defer { condition.unlock() }
        guard holdsBack else { return }
        holdsBack = false
        pending += heldBack
        heldBack = []
        startWorkerIfNeeded()
        condition.signal()
    }

    /// The image of `emoji` at `pixelSize` device pixels if it is made (nil inside when cairo
    /// could not make it); otherwise nil, and it is queued: observers hear when it is ready.
    @MainActor public func raster(of emoji: String, pixelSize: Int) -> EmojiRaster?? {
        let key = Key(emoji: emoji, pixelSize: pixelSize)
        condition.lock()
        let done = finished[key]
        condition.unlock()
        if let done { return .some(done.raster) }
        makeNext(key)
        return nil
    }

    /// Queues `key` ahead of every other: a picture being drawn is on screen, and comes before
    /// those queued for buttons scrolled out of view (a search's hundreds of results).
    private func makeNext(_ key: Key) {
        condition.lock()
        defer { condition.unlock() }
        if !requested.insert(key).inserted {
            if let index = pending.firstIndex(of: key) {
                pending.remove(at: index)
            } else if let index = heldBack.firstIndex(of: key) {
                heldBack.remove(at: index)
            } else {
                return  // being made now
            }
        }
        pending.insert(key, at: 0)
        startWorkerIfNeeded()
        condition.signal()
    }

    /// Calls `observer` on the main thread after new images are ready, until removed.
    @MainActor public func addObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
        lastObserverToken += 1
        observers[lastObserverToken] = observer
        return lastObserverToken
    }

    @MainActor public func removeObserver(_ token: Int) {
        observers[token] = nil
    }

    /// With `condition` held.
    private func startWorkerIfNeeded() {
        guard !workerStarted else { return }
        workerStarted = true
        let thread = Thread { [self] in work() }
        thread.name = "EmojiArt palette glyphs"
        thread.qualityOfService = .userInitiated
        thread.start()
    }

    /// The worker: its own raster cache (its Pango objects stay on this thread), one image at a
    /// time, and one hop to the main thread per batch of images that became ready.
    private func work() {
        // Nice 10 for this thread only (on Linux, who 0 names the calling thread, not the
        // process): on two cores the launch's main thread, the display server and the document's
        // decode come first, and the strip's pictures are made in the time they leave.
        // Without it this thread took a core from them for a palette's ~75 emojis during GTK's
        // start-up.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        // Small: the images live in `finished`; the cache only makes them.
        let cache = EmojiRasterCache(capacityInBytes: 256 * 1024)
        while true {
            condition.lock()
            while pending.isEmpty { condition.wait() }
            let key = pending.removeFirst()
            condition.unlock()

            let raster = cache.raster(for: key.emoji, pixelSize: key.pixelSize)
            cache.removeAll()

            condition.lock()
            finished[key] = Finished(raster: raster)
            let shouldSchedule = !deliveryScheduled
            deliveryScheduled = true
            condition.unlock()
            if shouldSchedule {
                DispatchQueue.main.async { MainActor.assumeIsolated { self.deliver() } }
            }
        }
    }

    @MainActor private func deliver() {
        condition.lock()
        deliveryScheduled = false
        let allMade = !holdsBack && finished.count == requested.count
        condition.unlock()
        for observer in observers.values { observer() }
        guard allMade else { return }
        LaunchTrace.markOnce("palette-ready")
        whenAllMade?()
    }

    /// Paints `raster` centred in an area of `width` × `height` logical pixels at `deviceScale`,
    /// on whole device pixels, so the glyph's bitmap stays on the pixel grid.
    public static func paint(_ raster: EmojiRaster, into cr: OpaquePointer, width: Int, height: Int, deviceScale: Int) {
        guard let surface = raster.surface else { return }
        cairo_save(cr)
        cairo_scale(cr, 1 / Double(deviceScale), 1 / Double(deviceScale))
        let x = (width * deviceScale - raster.side) / 2
        let y = (height * deviceScale - raster.side) / 2
        cairo_set_source_surface(cr, surface, Double(x), Double(y))
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
