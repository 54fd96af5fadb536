import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Testing

@testable import EmojiArtRender

/// Selection marks are stroked once per shape and copied after (SPEC S1, G6).
@Suite struct SelectionMarkSpritesTests {
    private func image(deviceScale: Double, _ draw: (OpaquePointer) -> Void) -> RenderedImage {
        RenderedImage(width: 120, height: 90, deviceScale: deviceScale) { cr in draw(cr) }
    }

    @Test(
        "a mark copied from its sprite is the mark stroked in place, upright or turned, on whole or half device pixels",
        arguments: [
            (1.0, ViewPoint(x: 40, y: 30), 0.0), (1.0, ViewPoint(x: 60.5, y: 41), 0.0), (1.0, ViewPoint(x: 52.5, y: 44.5), 30.0),
            (2.0, ViewPoint(x: 40.25, y: 30.5), 0.0), (2.0, ViewPoint(x: 61, y: 40.75), 15.0),
        ])
    func copiedIsStroked(deviceScale: Double, center: ViewPoint, rotation: Double) {
        let sprites = SelectionMarkSprites()
        for colours in [MarkColours.standard, .forStyle(accent: nil, highContrast: true, foreground: nil, background: nil)] {
            let copied = image(deviceScale: deviceScale) { cr in
                sprites.draw(around: center, side: 36, rotation: rotation, colours: colours, deviceScale: deviceScale, into: cr)
            }
            let stroked = image(deviceScale: deviceScale) { cr in
                SelectionMark.draw(around: center, side: 36, rotation: rotation, colours: colours, into: cr)
            }
            #expect(copied.differingPixelCount(from: stroked, tolerance: 0) == 0)
            #expect(copied.count(where: \.isAccentBlue) > 40 || colours.isHighContrast)
        }
    }

    @Test("the same mark elsewhere, a whole pixel on, is copied from the sprite made for it; another size gets its own")
    func sameShapeIsCopied() {
        let sprites = SelectionMarkSprites()
        _ = image(deviceScale: 1) { cr in
            sprites.draw(around: ViewPoint(x: 30, y: 30), side: 24, rotation: 0, colours: .standard, deviceScale: 1, into: cr)
            sprites.draw(around: ViewPoint(x: 71, y: 52), side: 24, rotation: 0, colours: .standard, deviceScale: 1, into: cr)
        }
        #expect(sprites.count == 1)
        _ = image(deviceScale: 1) { cr in
            sprites.draw(around: ViewPoint(x: 30, y: 30), side: 25, rotation: 0, colours: .standard, deviceScale: 1, into: cr)
        }
        #expect(sprites.count == 2)
    }
}
