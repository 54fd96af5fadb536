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

    /// A batch goes to the owner when the queue runs dry, and while work remains at least this
    /// often, so a long queue shows progress. Not more often: each delivery costs the owner a
    /// frame that plans the whole view again (~10 ms for a user's drawing) and finds most of
    /// the rest still missing.
    static let deliveryInterval: TimeInterval = 0.25

    private let shared: Shared

    /// Starts `threadCount` threads that make rasters from `glyphs` and call `deliver` (on one of
    /// them) with each batch. They stop when the workshop goes (or `close`).
    public init(threadCount: Int = 1, glyphs: EmojiGlyphStore = .shared, deliver: @escaping @Sendable (Delivery) -> Void) {
        shared = Shared(deliver: deliver)
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
        private let deliver: @Sendable (Delivery) -> Void

        init(deliver: @escaping @Sendable (Delivery) -> Void) {
            self.deliver = deliver
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
                condition.broadcast()
            }
        }

        func work(glyphs: EmojiGlyphStore) {
            let rasterizer = EmojiRasterizer(glyphs: glyphs)
            var made: [(request: RasterRequest, raster: EmojiRaster)] = []
            var lastDelivery = Date()
            while true {
                condition.lock()
                while queue.isEmpty, !isClosed, made.isEmpty { condition.wait() }
                if isClosed {
                    condition.unlock()
                    return
                }
                guard let request = queue.popLast() else {
                    // Nothing queued: hand over what was made.
                    condition.unlock()
                    deliver(Delivery(entries: made))
                    made = []
                    lastDelivery = Date()
                    continue
                }
                queued.remove(request)
                inProgress.insert(request)
                condition.unlock()
                if let raster = rasterizer.makeRaster(of: request.text, pixelSize: request.pixelSize) {
                    made.append((request, raster))
                }
                condition.withLock { _ = inProgress.remove(request) }
                if !made.isEmpty, Date().timeIntervalSince(lastDelivery) >= RasterWorkshop.deliveryInterval {
                    deliver(Delivery(entries: made))
                    made = []
                    lastDelivery = Date()
                }
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
