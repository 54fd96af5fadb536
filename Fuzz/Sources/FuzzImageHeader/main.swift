import EmojiArtCore
import Foundation
import FuzzSupport

// The image-header check that enforces SPEC B6's pixel limit before any decoder runs: PNG, JPEG,
// GIF and WebP, truncated or corrupt. It must never trap, never report an empty size, read the
// same from a slice as from a copy, and never change its mind about a longer prefix.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    let data = FuzzDriver.data(bytes, count)
    let header = ImageHeader(data)
    if let header {
        require(header.width > 0 && header.height > 0, "an empty size \(header)")
        require(header.pixelCount >= header.width && header.pixelCount >= header.height, "pixelCount overflowed")
    }
    do {
        let valid = try ImageHeader.validated(data)
        require(valid == header && valid.pixelCount <= FetchLimits.standard.maxPixels, "validated disagrees")
    } catch {
        require(!error.description.isEmpty, "an error without a message")
    }
    // A slice with a non-zero start index, as a fetch's buffer may be.
    let shifted = (Data([0x00]) + data).dropFirst()
    require(ImageHeader(shifted) == header, "a slice reads differently from a copy")
    // A prefix gives nil or the same header: a longer download never changes an early answer.
    for length in [data.count / 2, data.count - 1] where length >= 0 && length < data.count {
        if let partial = ImageHeader(data.prefix(length)) {
            require(partial == header, "a prefix of \(length) bytes reads as \(partial), the whole as \(String(describing: header))")
        }
    }
    if let format = ImageHeader.Format(signatureOf: data), let header {
        require(format == header.format, "the signature and the header disagree")
    }
    return 0
}

FuzzDriver.run(testOneInput)
