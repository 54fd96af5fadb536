import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// A cut-off image is refused before gdk-pixbuf sees it: gdk-pixbuf decodes the part that is there
/// and paints the rest grey, which a user would then save and export as their background.
@Suite struct ImageCompletenessTests {
    static let realFiles = [
        "ImageHeader-37x23.png", "ImageHeader-37x23-progressive.jpg", "ImageHeader-37x23.gif",
        "ImageHeader-37x23-lossy.webp", "ImageHeader-37x23-lossless.webp", "ImageHeader-37x23-extended.webp",
    ]

    @Test("real files saved by ImageMagick are whole, and pass validation", arguments: realFiles)
    func wholeFiles(name: String) throws {
        let data = try FixtureFiles.data(named: name)
        let header = try #require(ImageHeader(data))
        #expect(header.format.isComplete(data))
        #expect(throws: Never.self) { try ImageHeader.validated(data) }
    }

    @Test("any cut of a real file after its header is refused as incomplete", arguments: realFiles)
    func cutFiles(name: String) throws {
        let data = try FixtureFiles.data(named: name)
        let format = try #require(ImageHeader(data)).format
        // From just past the header to one byte short of the whole file.
        // A GIF is whole once its first frame is: only its trailer byte may go.
        for length in 30..<(data.count - (format == .gif ? 1 : 0)) {
            let cut = data.prefix(length)
            #expect(!format.isComplete(cut), "\(name) cut to \(length) of \(data.count) bytes passes as whole")
        }
        #expect(throws: ImageFetchError.incompleteImage) { try ImageHeader.validated(data.prefix(data.count * 2 / 3)) }
    }

    @Test("a JPEG's end marker inside its EXIF thumbnail does not make a cut file whole")
    func jpegEndMarkerBeforeTheScan() throws {
        // EXIF full of FF D9, a frame header, then the start of a scan cut short.
        let cut =
            LoadingTestImages.jpegHeader(width: 8, height: 8, frameMarker: 0xC0)
            + LoadingTestImages.segment(0xDA, Data([1, 1, 0, 0, 0x3F, 0])) + Data([0x12, 0x34, 0xFF, 0x00])
        #expect(!ImageHeader.Format.jpeg.isComplete(cut))
        #expect(ImageHeader.Format.jpeg.isComplete(cut + Data([0xFF, 0xD9])))
        #expect(ImageHeader.Format.jpeg.isComplete(cut + Data([0xFF, 0xD9, 0, 0, 0])), "bytes after the end marker are allowed")
    }

    @Test("a PNG chunk whose length points past the end, or far past any size, is a cut file")
    func pngLengthsPastTheEnd() {
        var data = LoadingTestImages.pngHeader(width: 1, height: 1)
        data += Data([0xFF, 0xFF, 0xFF, 0xFF]) + Data("IDAT".utf8) + Data(count: 16)
        #expect(!ImageHeader.Format.png.isComplete(data))
    }

    @Test("a GIF whose first frame is whole passes even without its trailer; one cut inside the frame does not")
    func gifFirstFrame() throws {
        let data = try FixtureFiles.data(named: "ImageHeader-37x23.gif")
        #expect(data.last == 0x3B)
        #expect(ImageHeader.Format.gif.isComplete(data.dropLast()))
        #expect(!ImageHeader.Format.gif.isComplete(data.dropLast(3)))
    }
}
