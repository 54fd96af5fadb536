import EmojiArtCore
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The live fetcher (AsyncHTTPClient) against a real HTTP server on 127.0.0.1 (SPEC B6), and a
/// real file, so the app's fetcher is seen reading both.
@Suite struct LiveImageFetcherTests {
    let fetcher = ImageFetcher.live(limits: .test)

    // MARK: - Answers that work

    @Test("a small PNG arrives byte for byte")
    func goodPNG() async throws {
        try await withTestHTTPServer(handler: { _ in TestHTTPResponse.steps(body: LoadingTestImages.onePixelPNG) }) { server in
            let data = try await fetcher.fetch(server.url("/good.png"))
            #expect(data == LoadingTestImages.onePixelPNG)
        }
    }

    @Test("the bytes decide, not the Content-Type: a PNG sent as octet-stream is accepted")
    func wrongContentTypeButImage() async throws {
        let steps = TestHTTPResponse.steps(contentType: "application/octet-stream", body: LoadingTestImages.onePixelPNG)
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            let data = try await fetcher.fetch(server.url("/download?id=7"))
            #expect(data == LoadingTestImages.onePixelPNG)
        }
    }

    @Test("redirects are followed up to the limit, and one more is refused", arguments: [3, 4])
    func redirectChain(hops: Int) async throws {
        try await withTestHTTPServer(handler: { path in
            let remaining = Int(path.split(separator: "/").last ?? "") ?? 0
            return remaining == 0
                ? TestHTTPResponse.steps(body: LoadingTestImages.onePixelPNG)
                : TestHTTPResponse.redirect(to: "/hop/\(remaining - 1)")
        }) { server in
            let url = server.url("/hop/\(hops)")
            if hops <= FetchLimits.test.maxRedirects {
                let data = try await fetcher.fetch(url)
                #expect(data == LoadingTestImages.onePixelPNG)
            } else {
                await #expect(throws: ImageFetchError.tooManyRedirects) { try await fetcher.fetch(url) }
            }
        }
    }

    // MARK: - HTTP answers that fail

    @Test("404 and 410 are 'not found' even when they carry a page", arguments: [(404, "Not Found"), (410, "Gone")])
    func notFound(status: Int, reason: String) async throws {
        let steps = TestHTTPResponse.steps(
            status: status, reason: reason, contentType: "text/html",
            body: TestHTTPResponse.notFoundPage)
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.notFound) { try await fetcher.fetch(server.url("/missing.png")) }
        }
    }

    @Test("other error statuses fail with their code", arguments: [403, 500, 503])
    func errorStatus(status: Int) async throws {
        let steps = TestHTTPResponse.steps(
            status: status, reason: "Nope", contentType: "image/png",
            body: LoadingTestImages.onePixelPNG)
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.httpStatus(status)) { try await fetcher.fetch(server.url("/x.png")) }
        }
    }

    @Test("a web page is not an image, whatever its Content-Type says", arguments: ["text/html", "image/png"])
    func webPage(contentType: String) async throws {
        let page = Data(("<!doctype html><html>" + String(repeating: "<p>gallery</p>", count: 500) + "</html>").utf8)
        let steps = TestHTTPResponse.steps(contentType: contentType, body: page)
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.notAnImage) { try await fetcher.fetch(server.url("/page")) }
        }
    }

    @Test("an empty body is not an image")
    func emptyBody() async throws {
        try await withTestHTTPServer(handler: { _ in TestHTTPResponse.steps(body: Data()) }) { server in
            await #expect(throws: ImageFetchError.notAnImage) { try await fetcher.fetch(server.url("/empty.png")) }
        }
    }

    @Test("a body shorter than its Content-Length fails, even though its start is a valid PNG")
    func truncated() async throws {
        let png = LoadingTestImages.onePixelPNG
        let steps = TestHTTPResponse.steps(body: png, declaredLength: 2_000)
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.truncated(receivedBytes: png.count, expectedBytes: 2_000)) {
                try await fetcher.fetch(server.url("/cut.png"))
            }
        }
    }

    @Test("a redirect loop ends with 'too many redirects'")
    func redirectLoop() async throws {
        try await withTestHTTPServer(handler: { path in
            TestHTTPResponse.redirect(to: path == "/a" ? "/b" : "/a")
        }) { server in
            await #expect(throws: ImageFetchError.tooManyRedirects) { try await fetcher.fetch(server.url("/a")) }
            #expect(server.requestedPaths.count == FetchLimits.test.maxRedirects + 1)
        }
    }

    @Test(
        "a redirect from http to another scheme is refused",
        arguments: [("file://localhost/etc/hostname", "file"), ("ftp://127.0.0.1/x.png", "ftp")])
    func redirectToOtherScheme(location: String, scheme: String) async throws {
        try await withTestHTTPServer(handler: { _ in TestHTTPResponse.redirect(to: location) }) { server in
            await #expect(throws: ImageFetchError.unsupportedURL(scheme: scheme)) {
                try await fetcher.fetch(server.url("/sneaky"))
            }
        }
    }

    // MARK: - Limits (SPEC B6)

    @Test("an endless chunked body stops at the byte cap")
    func endlessChunkedBody() async throws {
        let head = TestHTTPResponse.head(headers: ["Transfer-Encoding: chunked"], contentLength: nil)
        let png = LoadingTestImages.pngHeader(width: 10, height: 10)
        let firstChunk = Data("\(String(png.count, radix: 16))\r\n".utf8) + png + Data("\r\n".utf8)
        let steps: [TestHTTPServer.Step] = [.send(head + firstChunk), .endlessChunks(chunkBytes: 65_536)]
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.tooLarge(bytes: FetchLimits.test.maxBytes)) {
                try await fetcher.fetch(server.url("/endless"))
            }
        }
    }

    @Test("a Content-Length over the cap is refused before the body arrives")
    func declaredTooLarge() async throws {
        let head = TestHTTPResponse.head(contentLength: 10 * FetchLimits.test.maxBytes)
        let steps: [TestHTTPServer.Step] = [.send(head + LoadingTestImages.onePixelPNG), .pause(seconds: 60)]
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.tooLarge(bytes: FetchLimits.test.maxBytes)) {
                try await fetcher.fetch(server.url("/huge.png"))
            }
        }
    }

    @Test("a PNG declaring 20,000 × 20,000 pixels is refused from its header")
    func tooManyPixels() async throws {
        let steps = TestHTTPResponse.steps(body: LoadingTestImages.pngHeader(width: 20_000, height: 20_000, padding: 100))
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.tooManyPixels(width: 20_000, height: 20_000)) {
                try await fetcher.fetch(server.url("/bomb.png"))
            }
        }
    }

    @Test("a server that never sends its response headers times out at the response deadline")
    func slowResponseHeaders() async throws {
        let limits = FetchLimits(responseDeadline: .milliseconds(300), overallDeadline: .seconds(20))
        let steps: [TestHTTPServer.Step] = [.pause(seconds: 60)] + TestHTTPResponse.steps(body: LoadingTestImages.onePixelPNG)
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.timedOut) {
                try await ImageFetcher.live(limits: limits).fetch(server.url("/slow"))
            }
            // The transfer was cancelled, not just abandoned: the connection closes.
            try await waitUntil("server.connectionsClosedByClient == 1", timeout: .seconds(60)) { server.connectionsClosedByClient == 1 }
        }
    }

    @Test("a server dripping one byte a second is ended by the overall deadline")
    func drippingBody() async throws {
        let limits = FetchLimits(responseDeadline: .seconds(15), overallDeadline: .milliseconds(1_500))
        let png = LoadingTestImages.onePixelPNG
        let steps: [TestHTTPServer.Step] = [
            .send(TestHTTPResponse.head(contentLength: png.count)),
            .drip(png, intervalSeconds: 1),
        ]
        try await withTestHTTPServer(handler: { _ in steps }) { server in
            await #expect(throws: ImageFetchError.timedOut) {
                try await ImageFetcher.live(limits: limits).fetch(server.url("/drip"))
            }
            try await waitUntil("server.connectionsClosedByClient == 1", timeout: .seconds(60)) { server.connectionsClosedByClient == 1 }
        }
    }

    @Test("cancelling the calling task cancels the transfer at once, as CancellationError")
    func cancellation() async throws {
        try await withTestHTTPServer(handler: { _ in [.pause(seconds: 60)] }) { server in
            let task = Task { [fetcher] in try await fetcher.fetch(server.url("/silent")) }
            try await waitUntil("server.requestedPaths.count == 1", timeout: .seconds(60)) { server.requestedPaths.count == 1 }
            task.cancel()
            await #expect(throws: CancellationError.self) { try await task.value }
            try await waitUntil("server.connectionsClosedByClient == 1", timeout: .seconds(60)) { server.connectionsClosedByClient == 1 }
        }
    }

    @Test("a port nobody listens on is unreachable")
    func connectionRefused() async throws {
        let url = URL(string: "http://127.0.0.1:\(try TestHTTPServer.closedPort())/x.png")!
        do {
            _ = try await fetcher.fetch(url)
            Issue.record("fetched from a closed port")
        } catch let error as ImageFetchError {
            guard case .unreachable(let host, _) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(host == "127.0.0.1")
        }
    }

    @Test("a gzip-encoded body is decoded, as a browser would (Content-Length counts the encoded bytes)")
    func gzipBody() async throws {
        let gzipped = try #require(Data(base64Encoded: Self.onePixelPNGGzipped))
        let head = TestHTTPResponse.head(headers: ["Content-Encoding: gzip"], contentLength: gzipped.count)
        try await withTestHTTPServer(handler: { _ in [.send(head + gzipped)] }) { server in
            let data = try await fetcher.fetch(server.url("/zipped.png"))
            #expect(data == LoadingTestImages.onePixelPNG)
        }
    }

    /// `LoadingTestImages.onePixelPNG` through `gzip -9n`.
    static let onePixelPNGGzipped =
        "H4sIAAAAAAACA+sM8HPn5ZLiYmBg4PX0cAkC0owgzMEGJOVFj3SCJVwcQypuJack/IjnZ2BqZ2x47b5rElCCwdPVz2WdU0ITAKQb/59GAAAA"

    @Test("a redirect's relative Location is resolved against the address that sent it")
    func relativeRedirect() async throws {
        try await withTestHTTPServer(handler: { path in
            path == "/images/a/pixel.png"
                ? TestHTTPResponse.steps(body: LoadingTestImages.onePixelPNG)
                : TestHTTPResponse.redirect(to: "a/pixel.png")
        }) { server in
            let data = try await fetcher.fetch(server.url("/images/old.png"))
            #expect(data == LoadingTestImages.onePixelPNG)
            #expect(server.requestedPaths == ["/images/old.png", "/images/a/pixel.png"])
        }
    }

    @Test("a local file is read by the live fetcher too")
    func localFile() async throws {
        try await withTemporaryDirectory { folder in
            let image = folder.appendingPathComponent("pixel.png")
            try LoadingTestImages.onePixelPNG.write(to: image)
            let data = try await ImageFetcher.live().fetch(image)
            #expect(data == LoadingTestImages.onePixelPNG)
        }
    }
}
