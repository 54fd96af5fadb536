import Foundation

/// Whether an image's bytes run to the end of what the picture needs. gdk-pixbuf decodes a cut-off
/// PNG or JPEG without an error and fills the missing rows with grey, which a user would then save
/// and export as their background; these walks find the cut before any decoder sees the bytes.
/// Like the header parsers, they never trap on corrupt input.
extension ImageHeader.Format {
    /// Whether `data`, an image of this format, holds the whole picture (GIF: its first frame,
    /// the one EmojiArt shows).
    public func isComplete(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            let reader = ByteReader(bytes: bytes)
            return switch self {
            case .png: Self.pngIsComplete(reader)
            case .jpeg: Self.jpegIsComplete(reader)
            case .gif: Self.gifIsComplete(reader)
            case .webp: Self.webpIsComplete(reader)
            }
        }
    }

    /// Chunks (length, type, data, CRC) follow the 8-byte signature until IEND; a chunk that runs
    /// past the end, or no IEND, is a cut file.
    private static func pngIsComplete(_ reader: ByteReader) -> Bool {
        var offset = 8
        while let length = reader.uint32BigEndian(at: offset) {
            let end = offset + 12 + length  // length and type, the data, then the CRC
            guard end <= reader.count else { return false }
            if reader.matches("IEND", at: offset + 4) { return true }
            offset = end
        }
        return false
    }

    /// The end-of-image marker (FF D9) must come after the first scan begins (FF DA). Inside the
    /// scan's entropy-coded data every FF byte is followed by 00 or a restart marker, so FF D9
    /// there is the real end; one inside an EXIF thumbnail comes before the scan and does not count.
    private static func jpegIsComplete(_ reader: ByteReader) -> Bool {
        guard let scanStart = firstJPEGScan(reader) else { return false }
        var offset = reader.count - 2
        while offset > scanStart {
            if reader.uint8(at: offset) == 0xFF, reader.uint8(at: offset + 1) == 0xD9 { return true }
            offset -= 1
        }
        return false
    }

    /// Where the first scan's data begins; nil when the data ends before one.
    private static func firstJPEGScan(_ reader: ByteReader) -> Int? {
        JPEGSegments(reader).first { $0.marker == 0xDA }?.offset
    }

    /// The first image descriptor and all its LZW data blocks, after the header, the global colour
    /// table and any extension blocks before it.
    private static func gifIsComplete(_ reader: ByteReader) -> Bool {
        guard let screenFlags = reader.uint8(at: 10) else { return false }
        var offset = 13 + colourTableSize(flags: screenFlags)
        while let introducer = reader.uint8(at: offset) {
            switch introducer {
            case 0x21:  // an extension: its label, then data blocks
                guard let end = endOfGIFBlocks(reader, from: offset + 2) else { return false }
                offset = end
            case 0x2C:  // the image descriptor (10 bytes), its colour table, the LZW code size, data blocks
                guard let imageFlags = reader.uint8(at: offset + 9) else { return false }
                let data = offset + 10 + colourTableSize(flags: imageFlags) + 1
                return endOfGIFBlocks(reader, from: data) != nil
            default:
                return false  // the trailer (3B) or junk before any image
            }
        }
        return false
    }

    private static func colourTableSize(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset after a run of GIF data blocks (a length byte, then that many bytes) ended by an
    /// empty one; nil when the data ends first.
    private static func endOfGIFBlocks(_ reader: ByteReader, from start: Int) -> Int? {
        var offset = start
        while let length = reader.uint8(at: offset) {
            offset += 1 + Int(length)
            if length == 0 { return offset }
        }
        return nil
    }

    /// The RIFF header says how long the file is.
    private static func webpIsComplete(_ reader: ByteReader) -> Bool {
        guard let riffSize = reader.uint32LittleEndian(at: 4) else { return false }
        return reader.count >= 8 + riffSize
    }
}
