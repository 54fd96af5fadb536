/// PNG, GIF and WebP keep their size at fixed offsets near the start of the file.
extension ImageHeader {
    /// PNG: the IHDR chunk must come first; width and height are 31-bit big-endian integers.
    static func png(_ reader: ByteReader) -> ImageHeader? {
        guard reader.matches("IHDR", at: 12),
            let width = reader.uint32BigEndian(at: 16), let height = reader.uint32BigEndian(at: 20),
            width <= Int(Int32.max), height <= Int(Int32.max)
        else { return nil }
        return ImageHeader(format: .png, width: width, height: height)
    }

    /// GIF: the logical screen size, little-endian, right after the six-byte signature.
    static func gif(_ reader: ByteReader) -> ImageHeader? {
        guard let width = reader.uint16LittleEndian(at: 6), let height = reader.uint16LittleEndian(at: 8) else {
            return nil
        }
        return ImageHeader(format: .gif, width: width, height: height)
    }

    /// WebP: a RIFF file whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended,
    /// holding the canvas size). Offsets from the WebP container specification.
    static func webp(_ reader: ByteReader) -> ImageHeader? {
        let chunkData = 20
        if reader.matches("VP8 ", at: 12) {
            // A 3-byte frame tag, the start code 9D 01 2A, then 14-bit sizes (2 bits of scaling above).
            guard reader.matches([0x9D, 0x01, 0x2A], at: chunkData + 3),
                let width = reader.uint16LittleEndian(at: chunkData + 6),
                let height = reader.uint16LittleEndian(at: chunkData + 8)
            else { return nil }
            return ImageHeader(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        }
        if reader.matches("VP8L", at: 12) {
            // The signature byte 0x2F, then width − 1 and height − 1 in 14 bits each.
            guard reader.uint8(at: chunkData) == 0x2F, let bits = reader.uint32LittleEndian(at: chunkData + 1) else {
                return nil
            }
            return ImageHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        }
        if reader.matches("VP8X", at: 12) {
            // Flags and reserved bytes, then canvas width − 1 and height − 1 in 24 bits each.
            guard let width = reader.uint24LittleEndian(at: chunkData + 4),
                let height = reader.uint24LittleEndian(at: chunkData + 7)
            else { return nil }
            return ImageHeader(format: .webp, width: width + 1, height: height + 1)
        }
        return nil
    }
}
