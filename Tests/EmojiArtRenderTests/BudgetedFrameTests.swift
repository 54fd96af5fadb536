import CPangoCairo
import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// Issue 23: a canvas frame never waits for rasters. Under a `RasterBudget` it makes rasters only
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

    private func frame(_ renderer: DocumentRenderer, zoom: Double) -> RenderedImage {
        RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height)) { cr in
            renderer.drawDirectly(
                Self.model, background: nil, viewport: Viewport(zoom: zoom), viewSize: Self.viewSize, deviceScale: 1,
                selection: [], intoImage: cairo_get_target(cr))
        }
    }

    /// A clock that moves `step` nanoseconds each time it is read.
    private final class SteppingClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now: UInt64 = 1_000_000_000
        let step: UInt64
        init(step: UInt64) { self.step = step }
        func read() -> UInt64 { lock.withLock { now += step; return now } }
    }

    /// Deliveries of a workshop, gathered until every request is answered.
    private final class Deliveries: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [RasterWorkshop.Delivery] = []
        func add(_ delivery: RasterWorkshop.Delivery) { lock.withLock { received.append(delivery) } }
        var all: [RasterWorkshop.Delivery] { lock.withLock { received } }
        var requests: Set<RasterRequest> { Set(all.flatMap(\.requests)) }
    }

    @Test("with its budget spent, a zoom step makes no raster: every emoji is painted from another size or listed")
    func spentBudgetMakesNothing() {
        let renderer = DocumentRenderer()
        _ = frame(renderer, zoom: 1)
        let made = renderer.rasterCache.rasterizedCount
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let standIns = frame(renderer, zoom: 1.13)
        #expect(renderer.rasterCache.rasterizedCount == made)
        #expect(renderer.lastUnpaintedCount == 0)
        #expect(renderer.lastStandInCount > 50)
        #expect(!renderer.lastFrameWasExact)
        #expect(Set(renderer.missingRasters).count == renderer.missingRasters.count)
        // The stand-ins are the right emojis, near the right pixels: close to the exact frame.
        let exact = frame(DocumentRenderer(), zoom: 1.13)
        #expect(standIns.differingPixelCount(from: exact, tolerance: 48) < exact.width * exact.height / 10)
        #expect(standIns.count(where: \.isColourful) > exact.count(where: \.isColourful) * 9 / 10)
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

    @Test("with nothing cached, an emoji whose glyph is decoded still gets one raster; the others wait unpainted")
    func firstFrameWithoutRasters() throws {
        let glyphs = EmojiGlyphStore()
        let texts = Set(Self.model.emojis.map(\.text))
        let decoded = try #require(texts.sorted().first)
        _ = EmojiRasterizer(glyphs: glyphs).makeRaster(of: decoded, pixelSize: 20)
        let renderer = DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: glyphs))
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        _ = frame(renderer, zoom: 1)
        #expect(renderer.rasterCache.rasterizedCount >= 1)
        #expect(renderer.lastUnpaintedCount > 0)
        #expect(renderer.missingRasters.allSatisfy { $0.text != decoded || renderer.rasterCache.contains(decoded, pixelSize: $0.pixelSize) == false })
        #expect(Set(renderer.missingRasters.map(\.text)).isSubset(of: texts))
        #expect(!renderer.missingRasters.map(\.text).contains(decoded) || renderer.lastStandInCount > 0)
    }

    @Test("a progressive frame ends with the pixels of a full one once the workshop's rasters arrive")
    func progressiveEndsExact() async throws {
        let glyphs = EmojiGlyphStore()
        let renderer = DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: glyphs))
        renderer.rasterBudget = RasterBudget(milliseconds: 0)
        let deliveries = Deliveries()
        let workshop = RasterWorkshop(threadCount: 2, glyphs: glyphs) { deliveries.add($0) }
        defer { workshop.close() }
        var rounds = 0
        _ = frame(renderer, zoom: 1)
        while !renderer.missingRasters.isEmpty {
            rounds += 1
            try #require(rounds <= 4, "the rasters keep missing")
            let wanted = Set(renderer.missingRasters)
            workshop.request(renderer.missingRasters)
            try await waitUntil("the workshop delivered \(wanted.count) rasters") { deliveries.requests.isSuperset(of: wanted) }
            for delivery in deliveries.all { renderer.rasterCache.adopt(delivery) }
            _ = frame(renderer, zoom: 1)
        }
        let progressive = frame(renderer, zoom: 1)
        #expect(renderer.lastFrameWasExact && renderer.lastStandInCount == 0 && renderer.lastUnpaintedCount == 0)
        let full = frame(DocumentRenderer(rasterCache: EmojiRasterCache(glyphs: EmojiGlyphStore())), zoom: 1)
        #expect(progressive.differingPixelCount(from: full, tolerance: 0) == 0)
        #expect(full.count(where: \.isColourful) > 1_000)
    }

    @Test("a new request replaces what is still queued; what is delivered is what the cache would make")
    func workshopDelivers() async throws {
        let deliveries = Deliveries()
        let workshop = RasterWorkshop { deliveries.add($0) }
        defer { workshop.close() }
        let requests = (20..<60).map { RasterRequest(text: "🐶", pixelSize: $0) }
        workshop.request(requests)
        workshop.request(Array(requests.suffix(5)))
        try await waitUntil("the last five are delivered") { deliveries.requests.isSuperset(of: Set(requests.suffix(5))) }
        // At most the rasters under way when the queue was replaced come besides.
        #expect(deliveries.requests.count <= 5 + 2)
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
