import Foundation

/// SPEC D2 and DESIGN "Drag and drop": browsers offer a dragged link or image only as text.
extension String {
    /// This text as an http(s) URL with a host, if that is all it is; otherwise nil.
    ///
    /// Chromium on X11 hands a dragged link or `<img>` over as plain text holding its URL, so a
    /// text drop is a URL drop when this is non-nil (D4: URL before emoji text). Surrounding
    /// whitespace is ignored; text with whitespace inside ("look at https://…") is not a URL.
    /// `file://` and other schemes give nil: local files arrive as file lists and are embedded
    /// (D3). Unwrap search-engine links with `URL.unwrappedImageURL` afterwards.
    public var webURL: URL? {
        let trimmed = trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.contains(where: \.isWhitespace),
            let url = URL(keepingEscapesOf: String(trimmed)), url.isWebURL
        else { return nil }
        return url
    }
}

extension URL {
    /// A URL made from text a person dropped, pasted, typed or a file held, with the escapes it
    /// already has kept as they are.
    ///
    /// On Linux, `URL(string:)` re-escapes every `%` when the text also holds non-ASCII, so a
    /// dropped `?q=ä%20ö` became `?q=%C3%A4%2520%C3%B6`, another address (DESIGN "URL escapes
    /// on Linux"). Here only what a URL may not hold is escaped, byte by byte of its UTF-8: non-ASCII,
    /// controls, space and `"<>\^`{|}`, and a `%` that does not start an escape (`100%.png`).
    /// Nil when even that is not a URL (e.g. `http://[bad`).
    public init?(keepingEscapesOf text: String) {
        let bytes = Array(text.utf8)
        var escaped = [UInt8]()
        escaped.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, Self.isHexDigit(bytes[index + 1]), Self.isHexDigit(bytes[index + 2]) {
                escaped.append(byte)
            } else if byte >= 0x80 || byte <= 0x20 || byte == 0x7F || Self.unsafeASCII.contains(byte) || byte == UInt8(ascii: "%") {
                escaped.append(contentsOf: Array("%\(Self.hexDigits[Int(byte >> 4)])\(Self.hexDigits[Int(byte & 0xF)])".utf8))
            } else {
                escaped.append(byte)
            }
        }
        self.init(string: String(decoding: escaped, as: UTF8.self))
    }

    private static let unsafeASCII = Set("\"<>\\^`{|}".utf8)
    private static let hexDigits = Array("0123456789ABCDEF")

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
