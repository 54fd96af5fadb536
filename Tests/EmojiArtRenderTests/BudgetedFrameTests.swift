import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// A canvas frame never waits for rasters. Under a `RasterBudget` it makes rasters only
/// while the budget lasts, paints the rest from cached rasters of other sizes, and lists what it
/// lacked; a `RasterWorkshop` makes those off the frame's thread, and the frame after they arrive
/// is the frame an unbudgeted renderer paints, pixel for pixel.
@Suite struct BudgetedFrameTests {
    static let viewSize = ViewSize(width: 480, height: 320)
    /// A small user-shaped drawing: many kinds, every emoji its own size, some turned.
    static let model: EmojiArtModel = {
        let drawing = UserShapedArt.model(emojiCount: 160, kinds: 24)
        // Squeezed into the view.
        let squeezed = drawing.emojis.map { emoji in
            var small = emoji
            small.position = DocumentPoint(x: emoji.position.x / 4, y: emoji.position.y / 3.4)
            small.size = emoji.size / 3
            return small
        }
        return EmojiArtModel(background: .blank, emojis: squeezed, uniqueEmojiId: squeezed.count)
    }()

    private func frame(_ renderer: DocumentRenderer, zoom: Double, model: EmojiArtModel = model) -> RenderedImage {
        RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
            renderer.drawDirectly(
                model, background: nil, viewport: Viewport(zoom: zoom), viewSize: Self.viewSize, deviceScale: 1,
                selection: [], intoImage: cairo_get_target(cr))
        }
    }

    /// A clock that moves `step` nanoseconds each time it is read.
    private final class SteppingClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now: UInt64 = 1_000_000_000
        let step: UInt64
        init(step: UInt64) { self.step = step }
        func read() -> UInt64 {
            lock.withLock {
                now += step
                return now
            }
        }
    }

    /// The time a workshop measures its delivery interval on: it stands still until the test moves it.
    private final class StandingClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now = Date(timeIntervalSinceReferenceDate: 0)
        func read() -> Date { lock.withLock { now } }
        func advance(by interval: TimeInterval) { lock.withLock { now += interval } }
    }

    /// Holds a workshop's thread before its first raster until the test opens it.
    private final class Gate: @unchecked Sendable {
        private let opened = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var hasWaited = false
        func waitOnce() {
            let isFirst = lock.withLock { () -> Bool in
                defer { hasWaited = true }
                return !hasWaited
            }
            if isFirst { opened.wait() }
        }
        func open() { opened.signal() }
    }

    /// Deliveries of a workshop, gathered until every request is answered.
    private final class Deliveries: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [RasterWorkshop.Delivery] = []
        func add(_ delivery: RasterWorkshop.Delivery) { lock.withLock { received.append(delivery) } }
        var all: [RasterWorkshop.Delivery] { lock.withLock { received } }
        var requests: Set<RasterRequest> { Set(all.flatMap(\.requests)) }
    }

    @Test(
        "with its budget spent, a frame makes no raster: the emojis it lacks are resampled from their glyphs, the frame exact, and their rasters listed for the frames after"
    )
    func spentBudgetMakesNothing() {
        let renderer = DocumentRenderer()
        _ = frame(renderer, zoom: 1)
        let made = renderer.rasterCache.rasterizedCount
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let resampled = frame(renderer, zoom: 1.13)
        #expect(renderer.rasterCache.rasterizedCount == made)
        #expect(renderer.lastUnpaintedCount == 0 && renderer.lastStandInCount == 0)
        #expect(renderer.lastFrameWasExact)
        #expect(renderer.lastResampledCount > 50)
        #expect(renderer.missingRasters.count > 50)
        #expect(Set(renderer.missingRasters).count == renderer.missingRasters.count)
        // Upright emojis bit for bit; turned ones within the tolerance of sampling their glyphs.
        let exact = frame(DocumentRenderer(), zoom: 1.13)
        let difference = resampled.levelSamplingDifference(from: exact)
        #expect(difference.isWithinTolerance, "\(difference)")
        let upright = DocumentRenderer()
        _ = frame(upright, zoom: 1, model: Self.uprightModel)
        upright.rasterBudget = RasterBudget(milliseconds: 0)
        let resampledUpright = frame(upright, zoom: 1.13, model: Self.uprightModel)
        #expect(
            resampledUpright.differingPixelCount(from: frame(DocumentRenderer(), zoom: 1.13, model: Self.uprightModel), tolerance: 0) == 0)
    }

    @Test("the budget bounds what a frame makes on its own thread")
    func budgetBoundsMaking() {
        let clock = SteppingClock(step: 1_000_000)  // 1 ms a reading
        let renderer = DocumentRenderer()
        _ = frame(renderer, zoom: 1)  // every glyph decoded, a raster of every emoji cached
        let made = renderer.rasterCache.rasterizedCount
        renderer.rasterBudget = RasterBudget(milliseconds: 3, clock: { clock.read() })
        _ = frame(renderer, zoom: 1.21)
        // The deadline is read once, then once a miss: three misses fit in 3 ms.
        #expect(renderer.rasterCache.rasterizedCount - made <= 3)
        #expect(!renderer.missingRasters.isEmpty)
    }

    @Test("with nothing cached and the budget spent, nothing is painted and every visible emoji's raster is listed")
    func firstFrameWithoutRasters() throws {
        let renderer = DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: EmojiGlyphStore()))
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let image = frame(renderer, zoom: 1)
        #expect(renderer.rasterCache.rasterizedCount == 0)
        #expect(renderer.lastUnpaintedCount >= renderer.missingRasters.count)  // two emojis may want one raster
        #expect(renderer.missingRasters.count > 50)
        #expect(Set(renderer.missingRasters.map(\.text)).isSubset(of: Set(Self.model.emojis.map(\.text))))
        #expect(image.count(where: \.isColourful) == 0)
    }

    @Test(
        "a frame whose emojis' glyphs are not decoded and whose rasters cannot be made in time is deferred: the surface keeps the frame it had"
    )
    func deferredFrameLeavesSurface() {
        let renderer = DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: EmojiGlyphStore()))
        var untouched = true
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let image = RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
            let outcome = renderer.drawDirectly(
                Self.model, background: nil, viewport: Viewport(zoom: 1.13), viewSize: Self.viewSize, deviceScale: 1,
                selection: [], intoImage: cairo_get_target(cr), mayDefer: true
            ) { untouched = false }
            #expect(outcome == .deferred)
        }
        #expect(untouched && image.count(where: \.isColourful) == 0)
        #expect(!renderer.missingRasters.isEmpty && renderer.lastStandInCount == 0)
    }

    /// The drawing with every emoji upright: turned ones a frame samples in place once its budget
    /// is spent, where an unbudgeted frame paints them from turned rasters it caches, which
    /// differ from sampling in place by a level of rounding on translucent edges.
    static let uprightModel = EmojiArtModel(
        background: .blank, emojis: model.emojis.map { Emoji(id: $0.id, text: $0.text, position: $0.position, size: $0.size) },
        uniqueEmojiId: model.emojis.count)

    @Test(
        "a progressive frame ends with the pixels of a full one once the workshop's rasters arrive",
        arguments: [false, true])
    func progressiveEndsExact(turned: Bool) async throws {
        let model = turned ? Self.model : Self.uprightModel
        let glyphs = EmojiGlyphStore()
        let renderer = DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: glyphs))
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let deliveries = Deliveries()
        let workshop = RasterWorkshop(threadCount: 2, glyphs: glyphs) { deliveries.add($0) }
        defer { workshop.close() }
        var rounds = 0
        _ = frame(renderer, zoom: 1, model: model)
        while !renderer.missingRasters.isEmpty {
            rounds += 1
            try #require(rounds <= 4, "the rasters keep missing")
            let wanted = Set(renderer.missingRasters)
            workshop.request(renderer.missingRasters)
            try await waitUntil("the workshop delivered \(wanted.count) rasters") { deliveries.requests.isSuperset(of: wanted) }
            for delivery in deliveries.all { renderer.rasterCache.adopt(delivery) }
            _ = frame(renderer, zoom: 1, model: model)
        }
        let progressive = frame(renderer, zoom: 1, model: model)
        #expect(renderer.lastFrameWasExact && renderer.lastStandInCount == 0 && renderer.lastUnpaintedCount == 0)
        let full = frame(DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: EmojiGlyphStore())), zoom: 1, model: model)
        #expect(progressive.differingPixelCount(from: full, tolerance: turned ? 2 : 0) == 0)
        #expect(full.count(where: \.isColourful) > 1_000)
    }

    @Test("the workshop hands a request's rasters over in one batch once all are made, however long after its last batch")
    func oneBatchPerRequest() async throws {
        let deliveries = Deliveries()
        // Time passes only between the requests, so however slowly the rasters are made (under a
        // sanitizer, say), the interval never runs out within one request's work.
        let clock = StandingClock()
        let workshop = RasterWorkshop(
            threadCount: 2, glyphs: EmojiGlyphStore(), clock: clock.read, willMake: { _ in }, deliver: { deliveries.add($0) })
        defer { workshop.close() }
        let first = [RasterRequest(text: "😀", pixelSize: 30), RasterRequest(text: "🐶", pixelSize: 31)]
        workshop.request(first)
        try await waitUntil("the first request delivered") { deliveries.requests.isSuperset(of: Set(first)) }
        // Longer than the delivery interval since that batch: the next request is still one batch.
        clock.advance(by: RasterWorkshop.deliveryInterval * 10)
        let batchesBefore = deliveries.all.count
        let second = (0..<8).map { RasterRequest(text: ["😀", "🐶", "🌵", "☀️"][$0 % 4], pixelSize: 20 + $0) }
        workshop.request(second)
        try await waitUntil("the second request delivered") { deliveries.requests.isSuperset(of: Set(second)) }
        #expect(deliveries.all.count == batchesBefore + 1)
        #expect(deliveries.all.last?.count == second.count)
    }

    @Test("the content layer shows its frame moved while a zoom step's rasters are made from scratch, then the exact frame")
    func layerKeepsItsFrameUntilRastersArrive() async throws {
        let model = Self.uprightModel
        // A glyph store that keeps one glyph: the zoom step's emojis must be made from scratch
        // (a drawing of more kinds than the store holds), not resampled from their glyphs.
        let layer = ContentLayer(renderer: DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: EmojiGlyphStore(capacityInBytes: 1))))
        func draw(_ zoom: Double, interactive: Bool = false, into target: ContentLayer? = nil) -> RenderedImage {
            RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
                (target ?? layer).draw(
                    model, background: nil, viewport: Viewport(zoom: zoom), viewSize: Self.viewSize, deviceScale: 1,
                    selection: [], into: cr, isInteractive: interactive)
            }
        }
        _ = draw(1)
        layer.renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let waiting = draw(1.13)
        #expect(layer.awaitsRasters && layer.renderCount == 1 && layer.renderAttemptCount == 2)
        // What a pinch shows: the frame at zoom 1, scaled.
        let moved = ContentLayer()
        _ = draw(1, into: moved)
        #expect(waiting.differingPixelCount(from: draw(1.13, interactive: true, into: moved), tolerance: 0) == 0)

        let deliveries = Deliveries()
        let workshop = RasterWorkshop { deliveries.add($0) }
        defer { workshop.close() }
        let wanted = Set(layer.renderer.missingRasters)
        workshop.request(layer.renderer.missingRasters)
        try await waitUntil("the workshop delivered \(wanted.count) rasters") { deliveries.requests.isSuperset(of: wanted) }
        for delivery in deliveries.all { layer.renderer.rasterCache.adopt(delivery) }
        layer.rastersArrived()
        let exact = draw(1.13)
        #expect(!layer.awaitsRasters && layer.renderCount == 2)
        let full = frame(DocumentRenderer(), zoom: 1.13, model: model)
        #expect(exact.differingPixelCount(from: full, tolerance: 0) == 0)
    }

    @Test("a new request replaces what is still queued; what is delivered is what the cache would make")
    func workshopDelivers() async throws {
        let deliveries = Deliveries()
        // The thread takes the first request's first raster and waits there until the queue is replaced.
        let gate = Gate()
        let workshop = RasterWorkshop(
            threadCount: 1, glyphs: .shared, clock: Date.init, willMake: { _ in gate.waitOnce() }, deliver: { deliveries.add($0) })
        defer { workshop.close() }
        let requests = (20..<60).map { RasterRequest(text: "🐶", pixelSize: $0) }
        workshop.request(requests)
        try await waitUntil("the thread took a raster") { workshop.queuedCount == requests.count - 1 }
        workshop.request(Array(requests.suffix(5)))
        gate.open()
        try await waitUntil("the last five are delivered") { deliveries.requests.isSuperset(of: Set(requests.suffix(5))) }
        // Only the raster under way when the queue was replaced comes besides.
        #expect(deliveries.requests.count == 5 + 1)
        let cache = EmojiRasterCache()
        for delivery in deliveries.all {
            for (request, raster) in zip(delivery.requests, delivery.entries.map(\.raster)) {
                let reference = try #require(cache.raster(for: request.text, pixelSize: request.pixelSize))
                #expect(RasterComparison.psnr(raster, reference) == .infinity)
            }
        }
        #expect(workshop.queuedCount == 0)
    }
}
