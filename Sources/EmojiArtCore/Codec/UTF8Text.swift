/// Checked UTF-8 for the JSON scanner.
///
/// `String(validating:as:)` is generic over the encoding and the sequence, and the standard
/// library does not specialize it for callers: each call asked the runtime for type metadata,
/// a quarter of the time a 10,000-emoji document took to decode at launch. Decoding
/// with `String(decoding:as:)` takes the standard library's fast path and replaces every
/// ill-formed sequence with U+FFFD, so input that comes back byte for byte was valid.
enum UTF8Text {
    /// `bytes` as a string, or nil if they are not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        return string.utf8.elementsEqual(bytes) ? string : nil
    }

    /// Whether `bytes` are valid UTF-8; ASCII (a document's keys) makes no string.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || string(bytes) != nil
    }
}
