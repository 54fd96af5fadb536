import Foundation
import Testing

@testable import EmojiArtCore

/// SPEC D2: unwrapping search-engine image links, and telling a dropped URL from dropped text.
@Suite struct ImageURLTests {
    static let unwrapped: [(link: String, image: String)] = [
        // Google Images result, the wrapped URL percent-encoded, other parameters after it.
        (
            "https://www.google.com/imgres?imgurl=https%3A%2F%2Fupload.wikimedia.org%2Fwikipedia%2Fcommons%2F3%2F3a%2FCat03.jpg&imgrefurl=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FCat&tbnid=Xk3&vet=12ahUKE&docid=Qm9&w=1200&h=800",
            "https://upload.wikimedia.org/wikipedia/commons/3/3a/Cat03.jpg"
        ),
        // imgurl not first, and imgrefurl (the page) before it is not mistaken for it.
        (
            "https://www.google.com/imgres?imgrefurl=https%3A%2F%2Fexample.com%2Fpage&tbnid=1&imgurl=https%3A%2F%2Fexample.com%2Fcat.png",
            "https://example.com/cat.png"
        ),
        // Left unencoded by the search engine: ':' and '/' are legal in a query.
        ("https://www.google.com/imgres?imgurl=https://example.com/a.jpg&w=10", "https://example.com/a.jpg"),
        // Bing's mediaurl, with lower-case percent escapes.
        (
            "https://www.bing.com/images/search?view=detailV2&ccid=abc&id=DEF1&thid=OIP.x&mediaurl=https%3a%2f%2fexample.com%2fimages%2fdog.jpg&exph=600&expw=800&q=dog&simid=1&selectedIndex=0",
            "https://example.com/images/dog.jpg"
        ),
        // The wrapped URL's own query survives: its '&' and '=' are encoded, so not split on.
        (
            "https://www.google.com/imgres?imgurl=https%3A%2F%2Fexample.com%2Fimg%3Fid%3D7%26size%3Dlarge&h=3",
            "https://example.com/img?id=7&size=large"
        ),
        // Decoded once: an escape inside the wrapped URL stays an escape.
        ("https://www.google.com/imgres?imgurl=https%3A%2F%2Fexample.com%2Fmy%2520cat.jpg", "https://example.com/my%20cat.jpg"),
        // Unusable parameters are skipped in favour of a usable one after them.
        (
            "https://example.com/?imgurl=&imgurl=javascript%3Ax&imgurl=%E2%82&imgurl=http%3A%2F%2Fexample.org%2Fb.png",
            "http://example.org/b.png"
        ),
    ]

    @Test("an image link is unwrapped to the percent-decoded image URL", arguments: unwrapped)
    func unwraps(link: String, image: String) throws {
        let url = try #require(URL(string: link))
        #expect(url.unwrappedImageURL.absoluteString == image)
    }

    static let unchanged: [String] = [
        // No parameter at all, or none of ours.
        "https://example.com/cat.jpg",
        "https://example.com/page?q=cat&size=large",
        "https://www.google.com/imgres?imgrefurl=https%3A%2F%2Fexample.com%2Fpage",
        "https://example.com/#imgurl=https://example.org/a.png",
        // Garbage: empty, bad escapes, no '=', not a URL, no host, not a web scheme.
        "https://www.google.com/imgres?imgurl=&w=1",
        "https://www.google.com/imgres?imgurl=%%%",
        "https://www.google.com/imgres?imgurl=%E2%82",
        "https://www.google.com/imgres?imgurl",
        "https://www.google.com/imgres?imgurl=not%20a%20url",
        "https://www.google.com/imgres?imgurl=https%3A%2F%2F",
        "https://www.google.com/imgres?imgurl=file%3A%2F%2F%2Fetc%2Fpasswd",
        "https://www.google.com/imgres?imgurl=javascript%3Aalert(1)",
        "https://www.google.com/imgres?&&=&imgurl==&",
    ]

    @Test("a link without a usable imgurl parameter is kept as it is", arguments: unchanged)
    func keeps(link: String) throws {
        let url = try #require(URL(string: link))
        #expect(url.unwrappedImageURL == url)
    }

    @Test(
        "dropped text that is an http(s) URL is a URL",
        arguments: [
            ("https://example.com/cat.jpg", "https://example.com/cat.jpg"),
            ("  https://example.com/cat.jpg\n", "https://example.com/cat.jpg"),
            ("HTTP://EXAMPLE.COM/a.png", "HTTP://EXAMPLE.COM/a.png"),
            ("http://localhost:8000/x.png?size=2", "http://localhost:8000/x.png?size=2"),
        ])
    func webURL(text: String, url: String) throws {
        let parsed = try #require(text.webURL)
        #expect(parsed.absoluteString == url)
    }

    @Test(
        "dropped text that is not an http(s) URL is not a URL",
        arguments: [
            "", "   ", "🐶", "cat", "example.com/cat.jpg", "file:///home/me/cat.png",
            "ftp://example.com/a.png", "https://", "https:///path", "look at https://example.com",
            "https://example.com/a b.png", "javascript:alert(1)", "mailto:me@example.com",
            "data:image/png;base64,iVBORw0KGgo=",
        ])
    func notWebURL(text: String) {
        #expect(text.webURL == nil)
    }

    @Test("a dropped search-result link becomes the image it wraps")
    func droppedSearchResult() throws {
        let text = " https://www.google.com/imgres?imgurl=https%3A%2F%2Fexample.com%2Fcat.png&w=5\n"
        let url = try #require(text.webURL)
        #expect(url.unwrappedImageURL.absoluteString == "https://example.com/cat.png")
    }
}
