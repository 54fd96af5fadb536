import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct LoadingImageFetchErrorTests {
    let url = URL(string: "https://example.com/cat.jpg")!

    @Test(
        "the message names the URL and gives the reason as a sentence",
        arguments: [
            (
                ImageFetchError.notFound,
                "Couldn’t load image from https://example.com/cat.jpg: there is no image at that address (the server answered “not found”). Check the link."
            ),
            (
                .httpStatus(503),
                "Couldn’t load image from https://example.com/cat.jpg: the server answered with HTTP status 503 instead of the image. Try again later."
            ),
            (
                .notAnImage,
                "Couldn’t load image from https://example.com/cat.jpg: it is not an image EmojiArt can show (PNG, JPEG, GIF or WebP). Check the link."
            ),
            (
                .timedOut,
                "Couldn’t load image from https://example.com/cat.jpg: the server took too long to send it. Try again later."
            ),
            (
                .tooLarge(bytes: 50 * 1_048_576),
                "Couldn’t load image from https://example.com/cat.jpg: it is larger than 50 MB, the most EmojiArt downloads. Use a smaller image."
            ),
            (
                .tooManyPixels(width: 20_000, height: 20_000),
                "Couldn’t load image from https://example.com/cat.jpg: it is 20000 × 20000 pixels, more than EmojiArt can show. Use a smaller image."
            ),
            (
                .tooManyRedirects,
                "Couldn’t load image from https://example.com/cat.jpg: the address redirects too many times. Check the link."
            ),
            (
                .unreachable(host: "example.com", reason: "the connection was refused"),
                "Couldn’t load image from https://example.com/cat.jpg: “example.com” couldn’t be reached: the connection was refused. Check the address and your internet connection."
            ),
            (
                .truncated(receivedBytes: 100, expectedBytes: 2_000),
                "Couldn’t load image from https://example.com/cat.jpg: the download stopped early (100 of 2000 bytes arrived). Try again."
            ),
        ])
    func messages(error: ImageFetchError, message: String) {
        #expect(error.message(for: url) == message)
        #expect(FetchStatus.failed(url: url, error: error).failureMessage == message)
    }

    @Test("a file address is shown as its path, with the file error's own sentence")
    func fileMessage() {
        let file = URL(fileURLWithPath: "/tmp/pipe.png")
        let error = ImageFetchError.fileNotReadable(.notARegularFile(path: file.path))
        #expect(
            error.message(for: file)
                == "Couldn’t load image from /tmp/pipe.png: “pipe.png” can’t be opened: it is a folder, a device or a pipe, not a file.")
    }

    @Test("fetch status: only fetching is fetching, only failed has a message")
    func statusHelpers() {
        #expect(FetchStatus.fetching(url).isFetching)
        #expect(!FetchStatus.idle.isFetching)
        #expect(FetchStatus.idle.failureMessage == nil)
        #expect(FetchStatus.fetching(url).failureMessage == nil)
    }

    @Test("the standard limits are SPEC B6's")
    func standardLimits() {
        let limits = FetchLimits.standard
        #expect(limits.responseDeadline == .seconds(10))
        #expect(limits.overallDeadline == .seconds(30))
        #expect(limits.maxBytes == 50 * 1_048_576)
        #expect(limits.maxRedirects == 10)
        #expect(limits.maxPixels == 100_000_000)
    }
}
