import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct ImageHeaderTests {
    @Test(
        "real files saved by ImageMagick give their type and size",
        arguments: [
            ("ImageHeader-37x23.png", ImageHeader.Format.png),
            ("ImageHeader-37x23-progressive.jpg", .jpeg),
            ("ImageHeader-37x23.gif", .gif),
            ("ImageHeader-37x23-lossy.webp", .webp),
            ("ImageHeader-37x23-lossless.webp", .webp),
            ("ImageHeader-37x23-extended.webp", .webp),
        ])
    func realFiles(name: String, format: ImageHeader.Format) throws {
        let data = try FixtureFiles.data(named: name)
        #expect(ImageHeader(data) == ImageHeader(format: format, width: 37, height: 23))
    }

    @Test(
        "headers built by hand give their declared size",
        arguments: [
            (LoadingTestImages.pngHeader(width: 20_000, height: 20_000), ImageHeader(format: .png, width: 20_000, height: 20_000)),
            (LoadingTestImages.pngHeader(width: 0x7FFF_FFFF, height: 1), ImageHeader(format: .png, width: 0x7FFF_FFFF, height: 1)),
            (
                LoadingTestImages.jpegHeader(width: 6_000, height: 4_000, frameMarker: 0xC0),
                ImageHeader(format: .jpeg, width: 6_000, height: 4_000)
            ),
            (
                LoadingTestImages.jpegHeader(width: 65_535, height: 3, frameMarker: 0xCF),
                ImageHeader(format: .jpeg, width: 65_535, height: 3)
            ),
            (LoadingTestImages.gifHeader(width: 640, height: 480), ImageHeader(format: .gif, width: 640, height: 480)),
            (LoadingTestImages.webpLossyHeader(width: 16_383, height: 2), ImageHeader(format: .webp, width: 16_383, height: 2)),
            (LoadingTestImages.webpLosslessHeader(width: 16_384, height: 300), ImageHeader(format: .webp, width: 16_384, height: 300)),
            (LoadingTestImages.webpExtendedHeader(width: 16_777_216, height: 5), ImageHeader(format: .webp, width: 16_777_216, height: 5)),
        ])
    func builtHeaders(data: Data, expected: ImageHeader) {
        #expect(ImageHeader(data) == expected)
    }

    @Test(
        "a JPEG frame header is found after 60 KB of EXIF, whichever SOF marker it uses",
        arguments: [0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF] as [UInt8])
    func jpegFrameMarkers(marker: UInt8) {
        let data = LoadingTestImages.jpegHeader(width: 1_234, height: 567, frameMarker: marker, exifBytes: 60_000)
        #expect(ImageHeader(data) == ImageHeader(format: .jpeg, width: 1_234, height: 567))
    }

    @Test(
        "DHT, JPG and DAC are not frame headers, so a JPEG with only those has no size",
        arguments: [0xC4, 0xC8, 0xCC] as [UInt8])
    func jpegNonFrameMarkers(marker: UInt8) {
        let data = LoadingTestImages.jpegHeader(width: 10, height: 10, frameMarker: marker) + Data([0xFF, 0xD9])
        #expect(ImageHeader(data) == nil)
    }

    @Test(
        "web pages, text, other image types and empty input are not images",
        arguments: [
            Data(),
            Data("<!doctype html><html><body>Not an image</body></html>".utf8),
            Data("GIF88a".utf8) + Data(count: 10),
            Data("BM".utf8) + Data(count: 60),  // BMP: gdk-pixbuf reads it, EmojiArt does not accept it
            Data("RIFF\0\0\0\0WAVEfmt ".utf8) + Data(count: 30),
            Data("RIFF\0\0\0\0WEBPVP8Z".utf8) + Data(count: 30),
            Data([0xFF, 0xD8, 0xFF, 0xD9]),  // SOI then EOI: no frame
            Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08]),  // scan data before any frame header
            Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]),  // a segment length below 2
            LoadingTestImages.pngHeader(width: 0, height: 10),
            LoadingTestImages.gifHeader(width: 10, height: 0),
            LoadingTestImages.pngHeader(width: 0x8000_0000, height: 1),  // over PNG's 31-bit limit
        ])
    func notImages(data: Data) {
        #expect(ImageHeader(data) == nil)
    }

    @Test("the signature alone decides the format of a prefix, and too short a prefix decides nothing")
    func signatures() {
        #expect(ImageHeader.Format(signatureOf: LoadingTestImages.onePixelPNG.prefix(12)) == .png)
        #expect(ImageHeader.Format(signatureOf: Data([0xFF, 0xD8, 0xFF, 0xE1])) == .jpeg)
        #expect(ImageHeader.Format(signatureOf: Data("GIF87a".utf8)) == .gif)
        #expect(ImageHeader.Format(signatureOf: LoadingTestImages.webpLossyHeader(width: 1, height: 1).prefix(12)) == .webp)
        #expect(ImageHeader.Format(signatureOf: Data("<html>".utf8)) == nil)
        #expect(ImageHeader.Format(signatureOf: LoadingTestImages.onePixelPNG.prefix(7)) == nil)
    }

    @Test("validated refuses more pixels than the limit, and accepts a 24-megapixel photo")
    func pixelLimit() throws {
        let huge = LoadingTestImages.pngHeader(width: 20_000, height: 20_000)
        #expect(throws: ImageFetchError.tooManyPixels(width: 20_000, height: 20_000)) {
            try ImageHeader.validated(huge)
        }
        let photo = LoadingTestImages.wholeJPEGHeader(width: 6_000, height: 4_000)
        #expect(try ImageHeader.validated(photo).pixelCount == 24_000_000)
        let exactlyAtLimit = LoadingTestImages.wholePNGHeader(width: 10_000, height: 10_000)
        #expect(try ImageHeader.validated(exactlyAtLimit).pixelCount == 100_000_000)
        #expect(throws: ImageFetchError.notAnImage) {
            try ImageHeader.validated(Data("plain text".utf8))
        }
    }

    // MARK: - Corrupt input never traps

    static let validSamples: [Data] = [
        LoadingTestImages.pngHeader(width: 300, height: 200),
        LoadingTestImages.jpegHeader(width: 300, height: 200, exifBytes: 40),
        LoadingTestImages.gifHeader(width: 300, height: 200),
        LoadingTestImages.webpLossyHeader(width: 300, height: 200),
        LoadingTestImages.webpLosslessHeader(width: 300, height: 200),
        LoadingTestImages.webpExtendedHeader(width: 300, height: 200),
    ]

    @Test("every prefix of a valid header gives nil or the full header's answer")
    func truncatedHeaders() {
        for sample in Self.validSamples {
            let expected = ImageHeader(sample)
            #expect(expected != nil)
            for length in 0..<sample.count {
                let result = ImageHeader(sample.prefix(length))
                #expect(result == nil || result == expected, "prefix of \(length) bytes")
            }
        }
    }

    @Test("prefixes cut from the middle of a Data (non-zero start index) read the same")
    func slices() {
        let padded = Data(count: 7) + LoadingTestImages.jpegHeader(width: 31, height: 17)
        let slice = padded[7...]
        #expect(slice.startIndex == 7)
        #expect(ImageHeader(slice) == ImageHeader(format: .jpeg, width: 31, height: 17))
    }

    @Test("20,000 randomly corrupted headers never trap and never give an empty size")
    func mutatedHeaders() {
        var generator = LoadingSeededGenerator(seed: 0xE3_0A27)
        for round in 0..<20_000 {
            var bytes = [UInt8](Self.validSamples[round % Self.validSamples.count])
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            let length = Int.random(in: 0...bytes.count, using: &generator)
            if let header = ImageHeader(Data(bytes.prefix(length))) {
                #expect(header.width >= 1 && header.height >= 1)
            }
        }
    }

    @Test("random bytes behind each signature never trap")
    func randomBytesBehindSignatures() {
        var generator = LoadingSeededGenerator(seed: 42)
        let signatures: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("GIF89a".utf8),
            Array("RIFF\0\0\0\0WEBPVP8 ".utf8), Array("RIFF\0\0\0\0WEBPVP8L".utf8), Array("RIFF\0\0\0\0WEBPVP8X".utf8),
            [],
        ]
        for round in 0..<20_000 {
            let tail = (0..<Int.random(in: 0...80, using: &generator)).map { _ in
                // Plenty of 0xFF so JPEG marker paths get exercised.
                Bool.random(using: &generator) ? 0xFF : UInt8.random(in: 0...255, using: &generator)
            }
            if let header = ImageHeader(Data(signatures[round % signatures.count] + tail)) {
                #expect(header.width >= 1 && header.height >= 1)
            }
        }
    }
}
