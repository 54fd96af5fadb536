import CPangoCairo
import EmojiArtCore
import EmojiArtRenderTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

@Suite struct DecodedImageTests {
    @Test("PNG bytes decode to their size, and the surface holds their colours")
    func decodesPNG() throws {
        let png = TestImages.redBluePNG(width: 30, height: 20)
        let image = try DecodedImage(data: png)
        #expect(image.width == 30)
        #expect(image.height == 20)
        #expect(image.formatName == "png")
        let background = try image.makeBackgroundImage()
        #expect(background.pixelWidth == 30)
        #expect(background.pixelHeight == 20)
        let surface: OpaquePointer = background.surface
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let left = UnsafeRawPointer(data + 10 * stride).load(fromByteOffset: 2 * 4, as: UInt32.self)
        let right = UnsafeRawPointer(data + 10 * stride).load(fromByteOffset: 25 * 4, as: UInt32.self)
        #expect(left == 0xFFFF_0000)
        #expect(right == 0xFF00_00FF)
    }

    @Test("bytes that are no image are refused with a reason")
    func refusesText() {
        #expect(throws: ImageDecodingError.self) {
            try DecodedImage(data: Data("<html>not found</html>".utf8))
        }
    }

    @Test("a small PNG is embedded as it is")
    func embedsOriginal() throws {
        let png = TestImages.redBluePNG(width: 8, height: 8)
        #expect(try DecodedImage(data: png).embeddableData(original: png) == png)
    }

    // SPEC M5: a 48 MB PNG of 4096 px was embedded byte for byte and its document (64.6 MB) no
    // longer opened. Over the byte budget, an image is re-encoded, stepping its size down.
    @Test("an image over the byte budget is re-encoded smaller until it fits", arguments: [true, false])
    func reencodesToFitBudget(opaque: Bool) throws {
        let original = TestImages.noisePNG(width: 600, height: 400, opaque: opaque)
        let budget = 150_000
        #expect(original.count > budget)
        let data = try DecodedImage(data: original).embeddableData(original: original, maxBytes: budget)
        #expect(data.count <= budget)
        let embedded = try DecodedImage(data: data)
        // PNG keeps the transparency; an opaque image becomes a JPEG at quality 90.
        #expect(embedded.formatName == (opaque ? "jpeg" : "png"))
        #expect(embedded.width < 600 && embedded.width >= 100)
        // The proportions stay.
        #expect(abs(Double(embedded.width) / Double(embedded.height) - 1.5) < 0.02)
    }

    @Test("an image within the budget is still embedded byte for byte")
    func keepsOriginalWithinBudget() throws {
        let original = TestImages.noisePNG(width: 60, height: 40, opaque: false)
        #expect(try DecodedImage(data: original).embeddableData(original: original, maxBytes: original.count) == original)
    }

    @Test("the default budget is the document format's")
    func defaultBudget() throws {
        #expect(DecodedImage.defaultEmbeddingBudget == EmojiArtFormat.maxEmbeddedImageBytes)
    }
}
