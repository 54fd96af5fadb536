import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// SPEC M1: the background is centred on the document origin and scales with the zoom.
@Suite struct BackgroundImageTests {
    @Test("a PNG background has its pixel size as its document size")
    func pngSize() throws {
        let image = try BackgroundImage(pngData: TestImages.redBluePNG(width: 40, height: 20))
        #expect(image.pixelWidth == 40 && image.pixelHeight == 20)
        #expect(image.size == DocumentSize(width: 40, height: 20))
        #expect(image.frame == DocumentRect(minX: -20, minY: -10, maxX: 20, maxY: 10))
    }

    @Test("a PNG background is drawn centred on the document origin and scaled by the zoom")
    func drawnCentredAndScaled() throws {
        let background = try BackgroundImage(pngData: TestImages.redBluePNG(width: 40, height: 20))
        let viewSize = ViewSize(width: 200, height: 160)
        let viewport = Viewport(zoom: 2, pan: ViewVector(dx: 10, dy: -6))
        let image = RenderedImage(width: 200, height: 160) { cr in
            DocumentRenderer().draw(
                EmojiArtModel(), background: background, viewport: viewport, viewSize: viewSize, deviceScale: 1,
                selection: [], into: cr)
        }
        // The origin is at (110, 74); the image spans 80 × 40 view pixels around it.
        let ink = try #require(image.inkBounds())
        #expect(ink == RenderedImage.Box(minX: 70, minY: 54, maxX: 149, maxY: 93))
        let left = image.pixel(x: 75, y: 60)
        #expect(left.red == 255 && left.blue == 0 && left.alpha == 255)
        let right = image.pixel(x: 145, y: 90)
        #expect(right.blue == 255 && right.red == 0)
        #expect(image.pixel(x: 107, y: 74).red == 255)
        #expect(image.pixel(x: 113, y: 74).blue == 255)
    }

    @Test("bytes that are not a PNG are refused with a readable error")
    func notAPNG() {
        #expect(throws: BackgroundImageError.self) {
            try BackgroundImage(pngData: Data("GIF89a, not a PNG".utf8))
        }
        let png = TestImages.redBluePNG(width: 40, height: 20)
        do {
            _ = try BackgroundImage(pngData: png.prefix(png.count / 2))
            Issue.record("a truncated PNG was accepted")
        } catch {
            #expect(error.description.contains("PNG"))
        }
    }

    @Test("a surface that is not an image surface is refused, and released")
    func notAnImageSurface() {
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
        #expect(throws: BackgroundImageError.unusableSurface(reason: "it is not an image surface")) {
            try BackgroundImage(takingOwnershipOf: recording)
        }
    }

    @Test("a downscaled display copy keeps the original's document size")
    func displayCopy() throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 50, 25)!
        let image = try BackgroundImage(
            takingOwnershipOf: surface, documentSize: DocumentSize(width: 100, height: 50))
        #expect(image.pixelWidth == 50)
        #expect(image.frame == DocumentRect(minX: -50, minY: -25, maxX: 50, maxY: 25))
    }
}
