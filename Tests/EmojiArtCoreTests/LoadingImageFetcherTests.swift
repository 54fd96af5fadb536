import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checking fetcher on real files (SPEC D2) and on addresses it refuses without a request.
@Suite struct LoadingImageFetcherTests {
    let fetcher = ImageFetcher.offline(limits: .test)

    @Test("an http address without a server is refused without a request")
    func webAddressWithoutHost() async throws {
        let url = try #require(URL(string: "http:///x.png"))
        await #expect(throws: ImageFetchError.unreachable(host: url.absoluteString, reason: "the address names no server")) {
            try await fetcher.fetch(url)
        }
    }

    @Test(
        "schemes other than http, https and file are refused without a request",
        arguments: ["ftp://example.com/a.png", "data:image/png;base64,AAAA", "javascript:alert(1)"])
    func unsupportedScheme(address: String) async throws {
        let url = try #require(URL(string: address))
        await #expect(throws: ImageFetchError.unsupportedURL(scheme: url.scheme ?? "")) {
            try await fetcher.fetch(url)
        }
    }

    @Test("the web transport's bytes pass the same header check as a file's")
    func webBytesChecked() async throws {
        let web = ImageFetcher.checking(limits: .test) { _ in Data("<html>a page</html>".utf8) }
        await #expect(throws: ImageFetchError.notAnImage) {
            try await web.fetch(URL(string: "https://example.com/a.png")!)
        }
        let image = ImageFetcher.checking(limits: .test) { _ in LoadingTestImages.onePixelPNG }
        #expect(try await image.fetch(URL(string: "https://example.com/a.png")!) == LoadingTestImages.onePixelPNG)
    }

    // MARK: - file:// (SPEC D2)

    @Test("file:///dev/zero is refused before anything is read")
    func devZero() async throws {
        await #expect(throws: ImageFetchError.fileNotReadable(.notARegularFile(path: "/dev/zero"))) {
            try await fetcher.fetch(URL(fileURLWithPath: "/dev/zero"))
        }
    }

    @Test("a file:// FIFO is refused without blocking")
    func fifo() async throws {
        let directory = try LoadingTemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.url.appendingPathComponent("pipe.png")
        try #require(mkfifo(fifo.path, 0o600) == 0)
        await #expect(throws: ImageFetchError.fileNotReadable(.notARegularFile(path: fifo.path))) {
            try await fetcher.fetch(fifo)
        }
    }

    @Test("a local image file is read, a text file is not an image, a missing one is named, a big one is too large")
    func localFiles() async throws {
        let directory = try LoadingTemporaryDirectory()
        defer { directory.remove() }
        let image = directory.url.appendingPathComponent("pixel.png")
        try LoadingTestImages.onePixelPNG.write(to: image)
        #expect(try await fetcher.fetch(image) == LoadingTestImages.onePixelPNG)

        let text = directory.url.appendingPathComponent("notes.png")
        try Data("just words".utf8).write(to: text)
        await #expect(throws: ImageFetchError.notAnImage) { try await fetcher.fetch(text) }

        let missing = directory.url.appendingPathComponent("gone.png")
        await #expect(throws: ImageFetchError.fileNotReadable(.notFound(path: missing.path))) {
            try await fetcher.fetch(missing)
        }

        let big = directory.url.appendingPathComponent("big.png")
        try (LoadingTestImages.onePixelPNG + Data(count: FetchLimits.test.maxBytes)).write(to: big)
        await #expect(throws: ImageFetchError.tooLarge(bytes: FetchLimits.test.maxBytes)) {
            try await fetcher.fetch(big)
        }
    }
}

/// A fresh folder for one async test (`withTemporaryDirectory` takes a synchronous body).
struct LoadingTemporaryDirectory {
    let url: URL

    init() throws {
        let requested = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("emojiart-loading-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: requested, withIntermediateDirectories: true)
        url = URL(fileURLWithPath: try PathResolution.resolvingSymlinks(requested.path), isDirectory: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
