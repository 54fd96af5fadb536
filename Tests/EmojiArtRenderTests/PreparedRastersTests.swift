import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// The rasters a launch makes on its decode thread, before the window exists, are the
/// ones the first frame asks for, and a frame painted from them is the frame painted without.
@Suite struct PreparedRastersTests {
    private static let viewSize = ViewSize(width: 320, height: 240)

    private static let model = TestImages.model([
        ("😀", -90, -40, 40), ("🐶", 0, 0, 55.4), ("🌵", 80, 50, 40), ("😀", 60, -60, 72), ("🐶", -60, 70, 55.4),
    ])

    private func render(_ renderer: DocumentRenderer, viewport: Viewport, deviceScale: Double) -> RenderedImage {
        RenderedImage(width: Int(Self.viewSize.width), height: Int(Self.viewSize.height), deviceScale: deviceScale) { cr in
            renderer.draw(
                Self.model, background: nil, viewport: viewport, viewSize: Self.viewSize, deviceScale: deviceScale,
                selection: [], into: cr)
        }
    }

    /// Rasters made on a thread of their own, as the launch makes them.
    private func prepareOnAnotherThread(zoom: Double, deviceScale: Double) async -> PreparedRasters {
        await Task.detached { PreparedRasters(for: Self.model, zoom: zoom, deviceScale: deviceScale) }.value
    }

    @Test(
        "a frame painted from rasters prepared on another thread is pixel for pixel the frame made without, and makes none",
        arguments: [(1.0, 1.0), (1.5, 2.0), (0.37, 1.0)])
    func samePixelsNoRasterizing(zoom: Double, deviceScale: Double) async {
        let viewport = Viewport(zoom: zoom)
        let reference = render(DocumentRenderer(), viewport: viewport, deviceScale: deviceScale)

        let prepared = await prepareOnAnotherThread(zoom: zoom, deviceScale: deviceScale)
        // Four distinct (emoji, size) pairs: 😀 40 and 72, 🐶 55.4, 🌵 40.
        #expect(prepared.count == 4)
        let renderer = DocumentRenderer()
        renderer.rasterCache.adopt(prepared)
        let image = render(renderer, viewport: viewport, deviceScale: deviceScale)

        #expect(renderer.rasterCache.rasterizedCount == 0)
        #expect(image.differingPixelCount(from: reference, tolerance: 0) == 0)
        #expect(image.count(where: \.isColourful) > 100)
    }

    @Test("a frame at another zoom than the one prepared for still draws right, making what it lacks")
    func otherZoomStillRight() async {
        let prepared = await prepareOnAnotherThread(zoom: 1, deviceScale: 1)
        let renderer = DocumentRenderer()
        renderer.rasterCache.adopt(prepared)
        let viewport = Viewport(zoom: 2)
        let image = render(renderer, viewport: viewport, deviceScale: 1)
        let reference = render(DocumentRenderer(), viewport: viewport, deviceScale: 1)
        #expect(image.differingPixelCount(from: reference, tolerance: 0) == 0)
        #expect(renderer.rasterCache.rasterizedCount > 0)
    }

    @Test("at most maximumCount rasters, the topmost emojis' first; nothing for a zoom that draws nothing")
    func capped() {
        // More distinct (emoji, size) pairs than the cap, all small.
        let texts = UserShapedArt.emojiTexts
        let count = PreparedRasters.maximumCount + 40
        let pairs = (0..<count).map { (texts[$0 % texts.count], Double($0 % 100), 0.0, 10 + Double($0 / texts.count)) }
        let many = TestImages.model(pairs)
        let prepared = PreparedRasters(for: many, zoom: 1, deviceScale: 1)
        #expect(prepared.count == PreparedRasters.maximumCount)
        let cache = EmojiRasterCache()
        cache.adopt(prepared)
        let (top, bottom) = (pairs[count - 1], pairs[0])
        #expect(cache.contains(top.0, pixelSize: Int(top.3)))  // the last emoji, on top
        #expect(!cache.contains(bottom.0, pixelSize: Int(bottom.3)))  // the first, at the bottom
        #expect(cache.rasterizedCount == 0)

        #expect(PreparedRasters(for: many, zoom: 0, deviceScale: 1).count == 0)
        #expect(PreparedRasters(for: many, zoom: .nan, deviceScale: 1).count == 0)
    }

    @Test("preparing reports its progress and stops where it is told, keeping what it made")
    func stopsWhenTold() {
        let many = TestImages.model((0..<100).map { ("😀", Double($0), 0, 10 + Double($0)) })
        var reports: [Int] = []
        let prepared = PreparedRasters(for: many, zoom: 1, deviceScale: 1) { soFar in
            reports.append(soFar.count)
            return soFar.count < 32
        }
        #expect(prepared.count == 32)
        #expect(reports.last == 32 && reports.contains(16))
    }

    @Test("adopting keeps a raster the cache already has")
    func keepsExisting() async {
        let cache = EmojiRasterCache()
        let own = try? #require(cache.raster(for: "😀", pixelSize: 40))
        cache.adopt(PreparedRasters(for: TestImages.model([("😀", 0, 0, 40)]), zoom: 1, deviceScale: 1))
        #expect(cache.count == 1)
        #expect(cache.raster(for: "😀", pixelSize: 40) === own)
        #expect(cache.rasterizedCount == 1)
    }
}
