import Foundation

/// Image bytes for the loading tests: real files saved by ImageMagick (37 × 23 pixels, odd
/// sizes so a swapped width and height shows) and headers built by hand for sizes no test
/// should have to store.
public enum LoadingTestImages {
    /// A complete, valid 1 × 1 PNG.
    public static let onePixelPNG = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")!

    /// The start of a PNG declaring `width` × `height` (signature and IHDR chunk with its CRC),
    /// followed by `padding` zero bytes.
    public static func pngHeader(width: UInt32, height: UInt32, padding: Int = 0) -> Data {
        var chunk = Data("IHDR".utf8)
        chunk += bigEndian(width) + bigEndian(height)
        chunk += Data([8, 6, 0, 0, 0])  // 8-bit RGBA, deflate, no filter, no interlace
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data += bigEndian(13) + chunk + bigEndian(crc32(chunk))
        return data + Data(count: padding)
    }

    /// `pngHeader` closed by an IEND chunk: no pixels, but whole as far as `ImageHeader.validated`
    /// looks, for a declared size without storing one.
    public static func wholePNGHeader(width: UInt32, height: UInt32) -> Data {
        pngHeader(width: width, height: height) + bigEndian(0) + Data("IEND".utf8) + bigEndian(crc32(Data("IEND".utf8)))
    }

    /// `jpegHeader` followed by the start of a scan and the end-of-image marker, whole as far as
    /// `ImageHeader.validated` looks.
    public static func wholeJPEGHeader(width: UInt16, height: UInt16) -> Data {
        jpegHeader(width: width, height: height) + segment(0xDA, Data([1, 1, 0, 0, 0x3F, 0])) + Data([0x12, 0xFF, 0xD9])
    }

    /// A JPEG header: SOI, a JFIF APP0, an EXIF APP1 of `exifBytes` bytes (its payload full of
    /// FF D9 and FF C0 look-alikes that only a length-following parser skips), a comment, fill
    /// bytes, then the frame header `frameMarker` (C0 baseline, C2 progressive, …).
    public static func jpegHeader(width: UInt16, height: UInt16, frameMarker: UInt8 = 0xC2, exifBytes: Int = 2_000) -> Data {
        var data = Data([0xFF, 0xD8])
        data += segment(0xE0, Data("JFIF\0".utf8) + Data([1, 1, 0, 0, 1, 0, 1, 0, 0]))
        let exifPayload = Data("Exif\0\0".utf8) + Data((0..<exifBytes).map { [0xFF, 0xD9, 0xFF, 0xC0][$0 % 4] })
        data += segment(0xE1, exifPayload)
        data += segment(0xFE, Data("a comment".utf8))
        data += Data([0xFF, 0xFF])  // fill bytes before the next marker are allowed
        let frame = Data([8]) + bigEndian16(height) + bigEndian16(width) + Data([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        data += segment(frameMarker, frame)
        return data
    }

    /// A GIF header: signature and logical screen descriptor.
    public static func gifHeader(width: UInt16, height: UInt16) -> Data {
        Data("GIF89a".utf8) + littleEndian16(width) + littleEndian16(height) + Data([0xF7, 0, 0])
    }

    /// A lossy WebP header ("VP8 ") with the horizontal and vertical scale bits set, which are
    /// not part of the size.
    public static func webpLossyHeader(width: UInt16, height: UInt16) -> Data {
        let frame = Data([0x30, 0x04, 0x00, 0x9D, 0x01, 0x2A]) + littleEndian16(width | 0x4000) + littleEndian16(height | 0x8000)
        return riff("VP8 ", frame + Data(count: 16))
    }

    /// A lossless WebP header ("VP8L") with the alpha bit set.
    public static func webpLosslessHeader(width: Int, height: Int) -> Data {
        let bits = UInt32(width - 1) | UInt32(height - 1) << 14 | 1 << 28
        return riff("VP8L", Data([0x2F]) + littleEndian32(bits) + Data(count: 8))
    }

    /// An extended WebP header ("VP8X") with 24-bit canvas sizes.
    public static func webpExtendedHeader(width: Int, height: Int) -> Data {
        let flags = Data([0x10, 0, 0, 0])
        return riff("VP8X", flags + littleEndian24(width - 1) + littleEndian24(height - 1))
    }

    // MARK: - Building blocks

    public static func segment(_ marker: UInt8, _ payload: Data) -> Data {
        Data([0xFF, marker]) + bigEndian16(UInt16(payload.count + 2)) + payload
    }

    private static func riff(_ chunk: String, _ payload: Data) -> Data {
        let body = Data("WEBP".utf8) + Data(chunk.utf8) + littleEndian32(UInt32(payload.count)) + payload
        return Data("RIFF".utf8) + littleEndian32(UInt32(body.count)) + body
    }

    private static func bigEndian(_ value: UInt32) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }

    private static func bigEndian16(_ value: UInt16) -> Data {
        withUnsafeBytes(of: value.bigEndian) { Data($0) }
    }

    private static func littleEndian16(_ value: UInt16) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }

    private static func littleEndian24(_ value: Int) -> Data {
        Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)])
    }

    private static func littleEndian32(_ value: UInt32) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

/// A deterministic random number generator (SplitMix64), so a failing fuzz case can be rerun.
public struct LoadingSeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
