import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// SPEC M3, E1: a turned or mirrored emoji is drawn turned or mirrored about its centre, from the
/// same upright glyph raster (turned images are cached apart, see `TurnedRasterCache`), and
/// `--area content` frames its turned square.
@Suite struct DocumentRendererTransformTests {
    /// Even, so the view's centre falls on a pixel corner and the mirror of pixel x is 199 − x.
    private static let side = 200
    /// 👉 points right: far from symmetric under a mirror or a quarter turn.
    private static let pointer = "👉"

    private func render(rotation: Double = 0, flipped: Bool = false, renderer: DocumentRenderer = DocumentRenderer()) -> RenderedImage {
        let model = EmojiArtModel(
            background: .blank,
            emojis: [Emoji(id: 1, text: Self.pointer, position: .zero, size: 120, rotation: rotation, flipped: flipped)])
        let size = ViewSize(width: Double(Self.side), height: Double(Self.side))
        return RenderedImage(width: Self.side, height: Self.side) { cr in
            renderer.draw(model, background: nil, viewport: Viewport(), viewSize: size, deviceScale: 1, selection: [], into: cr)
        }
    }

    @Test("a flipped emoji is the upright one mirrored left–right")
    func flip() {
        let upright = render()
        let flipped = render(flipped: true)
        let last = Self.side - 1
        let asMirror = flipped.bestMeanDifference(from: upright) { x, y, shift in (last - x + shift.x, y + shift.y) }
        let asUpright = flipped.meanDifference(from: upright) { x, y in (x, y) }
        #expect(asMirror < 1)
        #expect(asUpright > 3 * asMirror + 5)
    }

    @Test("a quarter turn clockwise turns the picture clockwise about the emoji's centre")
    func quarterTurn() {
        let upright = render()
        let turned = render(rotation: 90)
        let last = Self.side - 1
        // Turning clockwise (y down) takes the upright offset (u, v) to (−v, u).
        let asTurned = turned.bestMeanDifference(from: upright) { x, y, shift in (y + shift.x, last - x + shift.y) }
        let asUpright = turned.meanDifference(from: upright) { x, y in (x, y) }
        #expect(asTurned < 1)
        #expect(asUpright > 3 * asTurned + 5)
    }

    @Test("a turned emoji reuses the upright raster: no raster per angle")
    func noRasterPerAngle() {
        let renderer = DocumentRenderer()
        for angle in stride(from: -165.0, through: 180, by: 15) { _ = render(rotation: angle, renderer: renderer) }
        _ = render(flipped: true, renderer: renderer)
        #expect(renderer.rasterCache.rasterizedCount == 1)
    }

    @Test("content export frames the turned square: 45° makes it √2 times as wide")
    func contentBoundsOfTurnedEmoji() throws {
        let model = EmojiArtModel(background: .blank, emojis: [Emoji(id: 1, text: "😀", position: .zero, size: 100, rotation: 45)])
        let options = ExportOptions(format: .png, area: .content)
        let geometry = try ExportGeometry(model: model, backgroundSize: nil, options: options)
        // 100·√2 ≈ 141.4, plus 0.15 × 100 on each side.
        #expect(abs(geometry.rect.width - (100 * 2.0.squareRoot() + 30)) < 0.001)
        #expect(geometry.rect.center == .zero)
    }
}

extension RenderedImage {
    /// The smallest `meanDifference` over shifts of up to one pixel each way: an odd-sized raster
    /// has its centre on a pixel's middle, so its mirror image lands one pixel over.
    func bestMeanDifference(
        from other: RenderedImage, mapping: (Int, Int, (x: Int, y: Int)) -> (Int, Int)
    ) -> Double {
        var best = Double.infinity
        for dx in -1...1 {
            for dy in -1...1 {
                best = min(
                    best,
                    meanDifference(from: other) { x, y in
                        let (mappedX, mappedY) = mapping(x, y, (dx, dy))
                        return (min(max(mappedX, 0), other.width - 1), min(max(mappedY, 0), other.height - 1))
                    })
            }
        }
        return best
    }

    /// The mean difference per channel between each pixel and the pixel of `other` at
    /// `mapping(x, y)`, over the pixels where either image has ink.
    func meanDifference(from other: RenderedImage, mapping: (Int, Int) -> (Int, Int)) -> Double {
        var total = 0
        var counted = 0
        for y in 0..<height {
            for x in 0..<width {
                let (otherX, otherY) = mapping(x, y)
                let mine = pixel(x: x, y: y)
                let theirs = other.pixel(x: otherX, y: otherY)
                guard mine.alpha > 0 || theirs.alpha > 0 else { continue }
                total +=
                    abs(mine.red - theirs.red) + abs(mine.green - theirs.green) + abs(mine.blue - theirs.blue)
                    + abs(mine.alpha - theirs.alpha)
                counted += 4
            }
        }
        return counted == 0 ? 0 : Double(total) / Double(counted)
    }
}
