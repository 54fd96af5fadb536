import Foundation

/// Makes the rasters a budgeted frame wanted and did not have (`DocumentRenderer.missingRasters`)
/// on threads of its own, and hands them in batches to its owner, whose cache adopts them and
/// whose next frame paints them (a zoom step on a user's drawing wants ~1,000 new
/// rasters; made on the main thread they stalled the window for most of a second).
///
/// Only the latest request counts: asking again replaces what is still queued (the view moved
/// on), while a raster being made is finished and delivered. Each thread has its own Pango
/// objects; glyphs come from the process's `EmojiGlyphStore`, rasters are read-only once made.
public final class RasterWorkshop: @unchecked Sendable {
    /// Rasters made, for the owner's cache (`EmojiRasterCache.adopt`).
    public struct Delivery: @unchecked Sendable {
        let entries: [(request: RasterRequest, raster: EmojiRaster)]
        /// How many rasters it holds.
        public var count: Int { entries.count }
        /// What it answers.
        public var requests: [RasterRequest] { entries.map(\.request) }
    }

    /// A batch goes to the owner when every raster asked for is made (the queue dry and no
    /// thread still making one), and while work remains at most this often, counted from when
    /// the work began, so a long queue shows progress. Not more often: each delivery costs the
    /// owner a frame that plans the whole view again (~10 ms for a user's drawing) and finds
    /// the rest still missing (a thread delivering its own rasters as it ran dry, or after the
    /// first raster of a request that came long after the last delivery, made 3–4 such frames
    /// of each Ctrl+scroll notch on user3k).
    static let deliveryInterval: TimeInterval = 0.25

    private let shared: Shared

    /// Starts `threadCount` threads that make rasters from `glyphs` and call `deliver` (on one of
    /// them) with each batch. They stop when the workshop goes (or `close`).
    public convenience init(
        threadCount: Int = 1, glyphs: EmojiGlyphStore = .shared, deliver: @escaping @Sendable (Delivery) -> Void
    ) {
        self.init(threadCount: threadCount, glyphs: glyphs, clock: Date.init, willMake: { _ in }, deliver: deliver)
    }

    /// For tests: `clock` tells the time the delivery interval is measured on, and `willMake`
    /// runs on a thread just before it makes a raster it has taken from the queue.
    init(
        threadCount: Int, glyphs: EmojiGlyphStore, clock: @escaping @Sendable () -> Date,
        willMake: @escaping @Sendable (RasterRequest) -> Void, deliver: @escaping @Sendable (Delivery) -> Void
    ) {
        shared = Shared(clock: clock, willMake: willMake, deliver: deliver)
        for index in 0..<max(1, threadCount) {
            let thread = Thread { [shared] in shared.work(glyphs: glyphs) }
            thread.name = "emojiart-rasters-\(index)"
            thread.qualityOfService = .userInitiated
            thread.start()
        }
    }

    deinit {
        shared.close()
    }

    /// Replaces the queue with `requests` (in the order given: the topmost emojis' first),
    /// leaving out those being made now.
    public func request(_ requests: [RasterRequest]) {
        shared.replaceQueue(with: requests)
    }

    /// Requests still queued (for tests).
    public var queuedCount: Int { shared.queuedCount }

    /// Stops the threads once each has finished the raster it is making; nothing more is delivered.
    public func close() {
        shared.close()
    }

    /// What the threads share with the workshop; they hold it, not the workshop, so the
    /// workshop's owner dropping it stops them.
    private final class Shared: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [RasterRequest] = []
        private var queued: Set<RasterRequest> = []
        private var inProgress: Set<RasterRequest> = []
        private var isClosed = false
        /// Made and not delivered yet, by any thread.
        private var finished: [(request: RasterRequest, raster: EmojiRaster)] = []
        /// When the work now under way began, or the last batch of it was delivered.
        private var lastDelivery: Date
        private let clock: @Sendable () -> Date
        private let willMake: @Sendable (RasterRequest) -> Void
        private let deliver: @Sendable (Delivery) -> Void

        init(
            clock: @escaping @Sendable () -> Date, willMake: @escaping @Sendable (RasterRequest) -> Void,
            deliver: @escaping @Sendable (Delivery) -> Void
        ) {
            self.clock = clock
            self.willMake = willMake
            self.deliver = deliver
            lastDelivery = clock()
        }

        var queuedCount: Int { condition.withLock { queue.count } }

        func replaceQueue(with requests: [RasterRequest]) {
            condition.withLock {
                queue = []
                queued = []
                for request in requests where !inProgress.contains(request) && queued.insert(request).inserted {
                    queue.append(request)
                }
                queue.reverse()  // taken from the end
                condition.broadcast()
            }
        }

        func close() {
            condition.withLock {
                isClosed = true
                queue = []
                queued = []
                finished = []
                condition.broadcast()
            }
        }

        func work(glyphs: EmojiGlyphStore) {
            let rasterizer = EmojiRasterizer(glyphs: glyphs)
            while true {
                condition.lock()
                while queue.isEmpty, !isClosed { condition.wait() }
                guard !isClosed, let request = queue.popLast() else {
                    condition.unlock()
                    return
                }
                if inProgress.isEmpty, finished.isEmpty { lastDelivery = clock() }  // work begins
                queued.remove(request)
                inProgress.insert(request)
                condition.unlock()
                willMake(request)
                let raster = rasterizer.makeRaster(of: request.text, pixelSize: request.pixelSize)
                let batch = condition.withLock { () -> [(request: RasterRequest, raster: EmojiRaster)] in
                    inProgress.remove(request)
                    if let raster { finished.append((request, raster)) }
                    let isDone = queue.isEmpty && inProgress.isEmpty
                    guard !finished.isEmpty, !isClosed,
                        isDone || clock().timeIntervalSince(lastDelivery) >= RasterWorkshop.deliveryInterval
                    else { return [] }
                    defer { finished = [] }
                    lastDelivery = clock()
                    return finished
                }
                if !batch.isEmpty { deliver(Delivery(entries: batch)) }
            }
        }
    }
}

extension EmojiRasterCache {
    /// Takes in the rasters a workshop made, as if this cache had made them (not counted in
    /// `rasterizedCount`). On this cache's own thread.
    public func adopt(_ delivery: RasterWorkshop.Delivery) {
        for entry in delivery.entries {
            insert(entry.raster, for: Key(text: entry.request.text, pixelSize: entry.request.pixelSize))
        }
    }
}
