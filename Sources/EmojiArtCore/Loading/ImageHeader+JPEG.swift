/// JPEG keeps its size in the frame header (SOF0–SOF15), which may come after any number of
/// other segments: APPn (EXIF with a thumbnail easily takes tens of kilobytes), quantization
/// and Huffman tables, comments.
extension ImageHeader {
    static func jpeg(_ reader: ByteReader) -> ImageHeader? {
        for segment in JPEGSegments(reader) where isStartOfFrame(segment.marker) {
            // Length (2 bytes), sample precision (1 byte), then height and width (2 bytes each).
            guard let length = reader.uint16BigEndian(at: segment.offset), length >= 8,
                let height = reader.uint16BigEndian(at: segment.offset + 3),
                let width = reader.uint16BigEndian(at: segment.offset + 5)
            else { return nil }
            return ImageHeader(format: .jpeg, width: width, height: height)
        }
        return nil
    }

    /// SOF0–SOF15 are C0–CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic
    /// coding conditioning).
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}

/// A JPEG's marker segments after SOI, in order: each marker with the offset just after it —
/// where its two-byte length is, or, for the start of scan (DA), where the scan data begins.
/// Ends after the start of scan, at EOI or a stuffed byte, or where corrupt lengths or the data
/// end. Every step moves forward by at least two bytes and every read is bounds checked.
struct JPEGSegments: Sequence, IteratorProtocol {
    let reader: ByteReader
    private var offset = 2  // after SOI (FF D8)
    private var isDone = false

    init(_ reader: ByteReader) {
        self.reader = reader
    }

    mutating func next() -> (marker: UInt8, offset: Int)? {
        while !isDone {
            // A marker: one or more 0xFF fill bytes, then its code.
            guard reader.uint8(at: offset) == 0xFF else { return finish() }
            while reader.uint8(at: offset) == 0xFF { offset += 1 }
            guard let marker = reader.uint8(at: offset) else { return finish() }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // TEM, RST0–7 and SOI stand alone, with no length
            case 0x00, 0xD9:
                return finish()  // a stuffed byte or EOI: no more segments to read
            case 0xDA:
                isDone = true  // the scan's entropy-coded data follows, not another segment
                return (marker, offset)
            default:
                // The length counts its own two bytes.
                guard let length = reader.uint16BigEndian(at: offset), length >= 2 else { return finish() }
                let segment = (marker, offset)
                offset += length
                return segment
            }
        }
        return nil
    }

    private mutating func finish() -> (marker: UInt8, offset: Int)? {
        isDone = true
        return nil
    }
}
