import CPangoCairo
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
}
