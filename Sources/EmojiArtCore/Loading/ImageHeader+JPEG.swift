/// JPEG keeps its size in the frame header (SOF0–SOF15), which may come after any number of
/// other segments: APPn (EXIF with a thumbnail easily takes tens of kilobytes), quantization
/// and Huffman tables, comments.
extension ImageHeader {
    static func jpeg(_ reader: ByteReader) -> ImageHeader? {
        var offset = 2  // after SOI (FF D8)
        // Every pass moves `offset` forward by at least two bytes, and every read is bounds
        // checked, so corrupt lengths end the loop at the end of the data.
        while true {
            // A marker: one or more 0xFF fill bytes, then its code.
            guard reader.uint8(at: offset) == 0xFF else { return nil }
            while reader.uint8(at: offset) == 0xFF { offset += 1 }
            guard let marker = reader.uint8(at: offset) else { return nil }
            offset += 1
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // TEM, RST0–7 and SOI stand alone, with no length
            case 0x00, 0xD9, 0xDA:
                return nil  // a stuffed byte, EOI or the scan data before any frame header
            default:
                break
            }
            // The length counts its own two bytes.
            guard let length = reader.uint16BigEndian(at: offset), length >= 2 else { return nil }
            if isStartOfFrame(marker) {
                // Length, sample precision (1 byte), then height and width (2 bytes each).
                guard length >= 8, let height = reader.uint16BigEndian(at: offset + 3),
                    let width = reader.uint16BigEndian(at: offset + 5)
                else { return nil }
                return ImageHeader(format: .jpeg, width: width, height: height)
            }
            offset += length
        }
    }

    /// SOF0–SOF15 are C0–CF, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic
    /// coding conditioning).
    private static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}
