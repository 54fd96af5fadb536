import Foundation
import Testing

@testable import EmojiArtCore

/// DESIGN "URL escapes on Linux": Foundation's `URL(string:)` re-escapes `%` when the text also
/// holds non-ASCII (`?q=ä%20ö` became `?q=%C3%A4%2520%C3%B6`). Dropped and pasted URLs keep the
/// escapes they came with; only non-ASCII and unsafe bytes are escaped.
@Suite struct URLEscapeTests {
    @Test(
        "a dropped URL keeps its escapes beside non-ASCII text",
        arguments: [
            ("https://example.com/s?q=ä%20ö", "https://example.com/s?q=%C3%A4%20%C3%B6"),
            ("https://example.com/bilder/größe%2Fklein.jpg", "https://example.com/bilder/gr%C3%B6%C3%9Fe%2Fklein.jpg"),
            ("https://example.jp/画像%41.png?x=%e2%82%ac€", "https://example.jp/%E7%94%BB%E5%83%8F%41.png?x=%e2%82%ac%E2%82%AC"),
            ("https://example.com/a%2520b.png", "https://example.com/a%2520b.png"),
            ("https://example.com/100%.png", "https://example.com/100%25.png"),
            ("https://example.com/ok.png#ü", "https://example.com/ok.png#%C3%BC"),
        ])
    func keepsEscapes(text: String, expected: String) throws {
        let url = try #require(text.webURL)
        #expect(url.absoluteString == expected)
    }

    // text-crash: "\u{FFFD}[::1]\u{FFFD} dog" came back with every escape escaped again
    // (%25EF%25BF%25BD…): Foundation re-escapes a string it finds out of place, even in ASCII.
    @Test("text that is no URL even escaped gives none, never a re-escaped one")
    func noReescaping() {
        #expect(URL(keepingEscapesOf: "\u{FFFD}[::1]\u{FFFD} dog") == nil)
        #expect(URL(keepingEscapesOf: "http://[bad") == nil)
        #expect(URL(keepingEscapesOf: "https://[::1]:8080/a.png")?.absoluteString == "https://[::1]:8080/a.png")
    }

    @Test("escaping leaves a plain ASCII URL exactly as it was")
    func asciiUnchanged() throws {
        let text = "https://example.com/a%20b.png?q=x%26y&z=1"
        #expect(URL(keepingEscapesOf: text)?.absoluteString == text)
    }

    @Test("an imgurl= parameter that decodes to non-ASCII keeps its inner escapes")
    func unwrappedNonASCII() throws {
        let text = "https://www.google.com/imgres?imgurl=https%3A%2F%2Fexample.com%2F%C3%A4%2520b.jpg"
        let url = try #require(text.webURL)
        #expect(url.unwrappedImageURL.absoluteString == "https://example.com/%C3%A4%20b.jpg")
    }
}
