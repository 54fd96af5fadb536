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
    /// On Linux, `URL(string:)` re-escapes every `%` when the text also holds non-ASCII, or when
    /// anything in it is out of place, so a dropped `?q=ä%20ö` became `?q=%C3%A4%2520%C3%B6`,
    /// another address (DESIGN "URL escapes on Linux"). Here only what a URL may never hold is
    /// escaped, byte by byte of its UTF-8 — non-ASCII, controls, space, `"<>\^`{|}`, and a `%`
    /// that does not start an escape (`100%.png`) — and the result must then parse as it stands,
    /// or there is no URL (nil), never a silently re-escaped one.
    public init?(keepingEscapesOf text: String) {
        self.init(string: Self.escaping(text, keep: { Self.mayAppearInURL($0) }), encodingInvalidCharacters: false)
    }

    /// Like `init(keepingEscapesOf:)`, but a text that is no URL as it stands (`a[b`, `http://[x`)
    /// still gives one: every byte but letters, digits, `-._~/` and existing escapes is escaped,
    /// so it reads as a relative address. For addresses a file held (SPEC M4: kept as written
    /// and shown as "not a web address"), which must not be dropped.
    public init(keepingEverythingOf text: String) {
        if let url = URL(keepingEscapesOf: text) {
            self = url
        } else {
            let escaped = Self.escaping(text) { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                    true
                default: false
                }
            }
            // Only unreserved characters, `/` and escapes: a valid relative reference.
            self = URL(string: escaped) ?? URL(fileURLWithPath: "/")
        }
    }

    /// `text` with each byte that `keep` refuses written as `%XX`; an existing escape (`%` and
    /// two hex digits) is copied as it is.
    private static func escaping(_ text: String, keep: (UInt8) -> Bool) -> String {
        let bytes = Array(text.utf8)
        var escaped = [UInt8]()
        escaped.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let startsEscape =
                byte == UInt8(ascii: "%") && index + 2 < bytes.count
                && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            if startsEscape || (byte != UInt8(ascii: "%") && keep(byte)) {
                escaped.append(byte)
            } else {
                escaped.append(contentsOf: [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Printable ASCII that RFC 3986 allows somewhere in a URL.
    private static func mayAppearInURL(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && !unsafeASCII.contains(byte)
    }

    private static let unsafeASCII = Set("\"<>\\^`{|}".utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
