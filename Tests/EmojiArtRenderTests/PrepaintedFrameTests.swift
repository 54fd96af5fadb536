import EmojiArtCore
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// A launch paints its document's first frame on the decode thread, a little larger than the
/// canvas is expected to be; the canvas's layer shows the part it covers instead of painting it.
@Suite struct PrepaintedFrameTests {
    /// A user's drawing (sizes of their own, some turned and mirrored), zoomed out so a few hundred
    /// of its emojis cross the view.
    private static let model = UserShapedArt.model(emojiCount: 600, kinds: 24)
    private static let viewport = Viewport(zoom: 0.3, pan: ViewVector(dx: 11, dy: -7))
    private static let expected = ViewSize(width: 300, height: 220)

    /// The frame painted on a thread of its own, as the launch paints it.
    private func prepaint(
        _ model: EmojiArtModel = model, viewport: Viewport = viewport, deviceScale: Double
    ) async throws -> PrepaintedFrame {
        try #require(
            await Task.detached {
                PrepaintedFrame(
                    model, viewport: viewport, expectedSize: Self.expected, deviceScale: deviceScale, renderer: DocumentRenderer())
            }.value)
    }

    /// A layer's first frame of `canvas`, with `prepainted` handed to it when given.
    private func firstFrame(
        of canvas: ViewSize, deviceScale: Double, prepainted: PrepaintedFrame? = nil, model: EmojiArtModel = model,
        viewport: Viewport = viewport, selection: Set<Int> = []
    ) -> (image: RenderedImage, layer: ContentLayer) {
        let layer = ContentLayer()
        layer.prepaintedFrame = prepainted
        let image = RenderedImage(width: Int(canvas.width), height: Int(canvas.height), deviceScale: deviceScale) { cr in
            layer.draw(
                model, background: nil, viewport: viewport, viewSize: canvas, deviceScale: deviceScale, selection: selection,
                into: cr, isInteractive: false)
        }
        return (image, layer)
    }

    @Test(
        "the part of the frame painted ahead a canvas covers is that canvas's first frame, pixel for pixel, at the expected size or an even number of pixels off",
        arguments: [
            (1.0, ViewSize(width: 300, height: 220)), (1.0, ViewSize(width: 296, height: 226)),
            (1.0, ViewSize(width: 316, height: 204)), (2.0, ViewSize(width: 300, height: 220)),
            (2.0, ViewSize(width: 301, height: 215)),
        ])
    func sameAsPaintedInPlace(deviceScale: Double, canvas: ViewSize) async throws {
        let prepainted = try await prepaint(deviceScale: deviceScale)
        let reference = firstFrame(of: canvas, deviceScale: deviceScale)
        let shown = firstFrame(of: canvas, deviceScale: deviceScale, prepainted: prepainted)

        #expect(shown.layer.showedPrepaintedFrame)
        #expect(!reference.layer.showedPrepaintedFrame)
        #expect(shown.layer.renderer.rasterCache.rasterizedCount == 0, "the layer painted nothing itself")
        #expect(shown.layer.prepaintedFrame == nil)
        #expect(shown.image.differingPixelCount(from: reference.image, tolerance: 0) == 0)
        #expect(shown.image.count(where: \.isColourful) > shown.image.width * shown.image.height / 10)
    }

    @Test(
        "a canvas an odd number of pixels off, larger than the frame, at another viewport or device scale, of other emojis or with a selection paints its own first frame, right"
    )
    func otherwisePaintsItsOwn() async throws {
        let prepainted = try await prepaint(deviceScale: 1)
        let zoomedIn = Viewport(zoom: 0.4)
        let fewer = EmojiArtModel(background: .blank, emojis: Array(Self.model.emojis.dropLast()))
        let cases: [(canvas: ViewSize, deviceScale: Double, viewport: Viewport, model: EmojiArtModel, selection: Set<Int>)] = [
            (ViewSize(width: 301, height: 220), 1, Self.viewport, Self.model, []),
            (ViewSize(width: 300, height: 240), 1, Self.viewport, Self.model, []),
            (Self.expected, 1, zoomedIn, Self.model, []),
            (Self.expected, 2, Self.viewport, Self.model, []),
            (Self.expected, 1, Self.viewport, fewer, []),
            (Self.expected, 1, Self.viewport, Self.model, [Self.model.emojis[0].id]),
        ]
        for (canvas, deviceScale, viewport, model, selection) in cases {
            let reference = firstFrame(of: canvas, deviceScale: deviceScale, model: model, viewport: viewport, selection: selection)
            let shown = firstFrame(
                of: canvas, deviceScale: deviceScale, prepainted: prepainted, model: model, viewport: viewport, selection: selection)
            #expect(!shown.layer.showedPrepaintedFrame, "\(canvas) at \(deviceScale)×")
            #expect(shown.layer.prepaintedFrame == nil, "dropped by the first render")
            #expect(shown.image.differingPixelCount(from: reference.image, tolerance: 0) == 0, "\(canvas) at \(deviceScale)×")
        }
    }

    @Test("only the first render shows it: a layer that rendered already paints its own frames")
    func onlyTheFirstRender() async throws {
        let prepainted = try await prepaint(deviceScale: 1)
        let layer = ContentLayer()
        _ = RenderedImage(width: 300, height: 220) { cr in
            layer.draw(
                Self.model, background: nil, viewport: Viewport(zoom: 0.4), viewSize: Self.expected, deviceScale: 1,
                selection: [], into: cr, isInteractive: false)
        }
        layer.prepaintedFrame = prepainted
        _ = RenderedImage(width: 300, height: 220) { cr in
            layer.draw(
                Self.model, background: nil, viewport: Self.viewport, viewSize: Self.expected, deviceScale: 1,
                selection: [], into: cr, isInteractive: false)
        }
        #expect(!layer.showedPrepaintedFrame)
    }

    @Test("a launch's preparation paints the frame and makes no rasters beyond it, unless the document has a background")
    func preparationPaintsTheFrame() async throws {
        let viewSize = ViewSize(width: 310, height: 326)
        let blank = await Task.detached {
            PreparedRasters(for: Self.model, viewport: Self.viewport, viewSize: viewSize, deviceScale: 1, canvasSize: Self.expected)
        }.value
        let withoutFrame = await Task.detached {
            PreparedRasters(for: Self.model, viewport: Self.viewport, viewSize: viewSize, deviceScale: 1)
        }.value
        var backed = Self.model
        backed.background = .url(URL(string: "https://example.com/meadow.png")!)
        let withBackground = await Task.detached { [backed] in
            PreparedRasters(for: backed, viewport: Self.viewport, viewSize: viewSize, deviceScale: 1, canvasSize: Self.expected)
        }.value

        #expect(blank.frame != nil)
        #expect(withoutFrame.frame == nil)
        #expect(withBackground.frame != nil)
        #expect(blank.count < withoutFrame.count / 2, "only the rasters painting the frame made")
        #expect(withBackground.count >= withoutFrame.count)
    }
}
