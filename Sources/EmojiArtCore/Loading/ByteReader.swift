/// Bounds-checked reads of fixed-size integers from raw bytes. Every read past the end returns
/// nil instead of trapping, so header parsers can follow offsets taken from untrusted input.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer

    var count: Int { bytes.count }

    func uint8(at offset: Int) -> UInt8? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return bytes[offset]
    }

    func uint16BigEndian(at offset: Int) -> Int? {
        guard let high = uint8(at: offset), let low = uint8(at: offset &+ 1) else { return nil }
        return Int(high) << 8 | Int(low)
    }

    func uint16LittleEndian(at offset: Int) -> Int? {
        guard let low = uint8(at: offset), let high = uint8(at: offset &+ 1) else { return nil }
        return Int(high) << 8 | Int(low)
    }

    func uint24LittleEndian(at offset: Int) -> Int? {
        guard let low = uint16LittleEndian(at: offset), let high = uint8(at: offset &+ 2) else { return nil }
        return Int(high) << 16 | low
    }

    func uint32BigEndian(at offset: Int) -> Int? {
        guard let high = uint16BigEndian(at: offset), let low = uint16BigEndian(at: offset &+ 2) else { return nil }
        return high << 16 | low
    }

    func uint32LittleEndian(at offset: Int) -> Int? {
        guard let low = uint16LittleEndian(at: offset), let high = uint16LittleEndian(at: offset &+ 2) else { return nil }
        return high << 16 | low
    }

    /// Whether `signature` appears exactly at `offset`.
    func matches(_ signature: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count - signature.count else { return false }
        return signature.indices.allSatisfy { bytes[offset + $0] == signature[$0] }
    }

    /// Whether the ASCII text `tag` (a RIFF or PNG chunk name) appears exactly at `offset`.
    func matches(_ tag: String, at offset: Int) -> Bool {
        matches(Array(tag.utf8), at: offset)
    }
}
