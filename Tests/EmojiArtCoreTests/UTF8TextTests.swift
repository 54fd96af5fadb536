import Testing

@testable import EmojiArtCore

@Suite("UTF-8 text (the JSON scanner's check)")
struct UTF8TextTests {
    private func string(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer(UTF8Text.string)
    }

    private func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(UTF8Text.isValid)
    }

    @Test("valid text comes back as itself: ASCII, emoji with joiners and selectors, U+FFFD itself, empty")
    func validText() {
        for text in ["emojis", "😀", "🐻‍❄️", "☀️", "a\u{FFFD}b", "Ünïcödé", ""] {
            #expect(string(Array(text.utf8)) == text)
            #expect(isValid(Array(text.utf8)))
        }
    }

    @Test("ill-formed UTF-8 is refused, including a truncated sequence as long as its replacement")
    func illFormed() {
        let cases: [[UInt8]] = [
            [0xFF],  // never in UTF-8
            [0x80],  // a continuation byte alone
            [0xE2, 0x82],  // a three-byte sequence cut short
            [0xF0, 0x9F, 0x98],  // a four-byte one cut to three: U+FFFD is three bytes too
            [0xC0, 0x80],  // an overlong NUL
            [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            Array("ok".utf8) + [0xF0, 0x9F, 0x98],
        ]
        for bytes in cases {
            #expect(string(bytes) == nil, "\(bytes)")
            #expect(!isValid(bytes), "\(bytes)")
        }
    }
}
