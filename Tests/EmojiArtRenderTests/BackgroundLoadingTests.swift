import EmojiArtCore
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// One rule, one place (SPEC B6, D3, E1): the app's canvas, its Export… and `emojiart render` get
/// a background through `BackgroundImage.load`, and every embedded image passes
/// `ImageHeader.validated` before a decoder sees it.
@Suite struct BackgroundLoadingTests {
    /// A valid 2 × 2 BMP, which gdk-pixbuf decodes but EmojiArt does not accept (DESIGN "Images").
    static let bmp: Data = {
        var bytes: [UInt8] = Array("BM".utf8)
        func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        func le16(_ value: Int) -> [UInt8] { (0..<2).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        let pixels: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0, 255, 0, 0, 255, 255, 255, 0, 0]  // 2 rows of 2 BGR + padding
        bytes += le32(54 + pixels.count) + le32(0) + le32(54)
        bytes += le32(40) + le32(2) + le32(2) + le16(1) + le16(24) + le32(0) + le32(pixels.count)
        bytes += le32(2835) + le32(2835) + le32(0) + le32(0)
        return Data(bytes + pixels)
    }()

    /// A TIFF header (little-endian) with one 1 × 1 strip: enough for gdk-pixbuf's sniffing.
    static let tiff = Data([0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00])

    @Test(
        "a dropped BMP or TIFF is refused by the header check before any decoder runs (it used to be embedded)",
        arguments: [bmp, tiff])
    func otherFormatsRefused(data: Data) throws {
        #expect(throws: ImageFetchError.notAnImage) { try BackgroundImage.embeddableData(data) }
    }

    @Test("an image declaring more than 100 megapixels is refused from its header")
    func tooManyPixelsRefused() throws {
        // A PNG header claiming 20000 × 20000 pixels, with no pixel data.
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        png += Data([0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0])
        #expect(throws: ImageFetchError.tooManyPixels(width: 20_000, height: 20_000)) {
            try BackgroundImage.embeddableData(png)
        }
    }

    @Test("a PNG passes the check and is embedded as it is")
    func pngEmbedded() throws {
        let png = TestImages.redBluePNG(width: 8, height: 4)
        #expect(try BackgroundImage.embeddableData(png) == png)
    }

    @Test("export decodes the original bytes at full size; the canvas's display copy stops at 4096 px")
    func exportKeepsPixels() async throws {
        let png = TestImages.redBluePNG(width: 5000, height: 10)
        let fetcher = ImageFetcher { _ in png }
        let exported = try #require(try await BackgroundImage.load(.imageData(png), fetcher: fetcher, resolution: .export))
        #expect(exported.pixelWidth == 5000)
        let shown = try #require(try await BackgroundImage.load(.imageData(png), fetcher: fetcher, resolution: .display))
        #expect(shown.pixelWidth == 4096)
        #expect(shown.size == exported.size)
        let viaURL = try #require(
            try await BackgroundImage.load(.url(URL(string: "https://example.com/a.png")!), fetcher: fetcher, resolution: .export))
        #expect(viaURL.pixelWidth == 5000)
        #expect(try await BackgroundImage.load(.blank, fetcher: fetcher, resolution: .export) == nil)
    }

    @Test("a file:// background's bytes pass the same header check as embedded ones")
    func fetchedBytesChecked() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder.appendingPathComponent("image.bmp")
            try Self.bmp.write(to: file)
            await #expect(throws: ImageFetchError.notAnImage) {
                // Core's checking fetcher, which the live one is; a file never reaches `web`.
                let fetcher = ImageFetcher.checking { url in
                    Issue.record("a web request for \(url)")
                    return Data()
                }
                return try await BackgroundImage.load(.url(file), fetcher: fetcher, resolution: .export)
            }
        }
    }
}
