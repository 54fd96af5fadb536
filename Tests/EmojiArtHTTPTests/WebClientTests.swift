import AsyncHTTPClient
import EmojiArtTestSupport
import Foundation
import NIOCore
import NIOSSL
import Testing

@testable import EmojiArtHTTP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `WebClient.send`, the relay's plain requests, and the sentences every transfer failure
/// becomes (the ones URLSession's errors used to map to, so their translations still apply).
@Suite struct WebClientTests {
    @Test("a request gets the status and the whole body, whatever the status")
    func statusAndBody() async throws {
        let page = Data("room not found".utf8)
        try await withTestHTTPServer(handler: { path in
            path == "/blob/abc"
                ? TestHTTPResponse.steps(contentType: "application/octet-stream", body: LoadingTestImages.onePixelPNG)
                : TestHTTPResponse.steps(status: 404, reason: "Not Found", contentType: "text/plain", body: page)
        }) { server in
            let found = try await WebClient.send("GET", to: server.url("/blob/abc"), body: nil, timeout: .seconds(20), maxBytes: 1_000)
            #expect(found.status == 200)
            #expect(found.body == LoadingTestImages.onePixelPNG)
            let missing = try await WebClient.send(
                "PUT", to: server.url("/room/x"), body: Data("{}".utf8), timeout: .seconds(20), maxBytes: 1_000)
            #expect(missing.status == 404)
            #expect(missing.body == page)
        }
    }

    @Test("a closed port fails with the sentence for a refused connection")
    func refused() async throws {
        let url = URL(string: "http://127.0.0.1:\(try TestHTTPServer.closedPort())/room/x")!
        await #expect(throws: WebTransferError(reason: "the connection was refused")) {
            _ = try await WebClient.send("PUT", to: url, body: Data(), timeout: .seconds(20), maxBytes: 1_000)
        }
    }

    @Test("a server that never answers fails at the timeout with a sentence")
    func silentServer() async throws {
        try await withTestHTTPServer(handler: { _ in [.pause(seconds: 60)] }) { server in
            await #expect(throws: WebTransferError(reason: "the server sent no response")) {
                _ = try await WebClient.send("GET", to: server.url("/blob/x"), body: nil, timeout: .milliseconds(300), maxBytes: 1_000)
            }
        }
    }

    @Test(
        "network errors map to the sentences a person reads",
        arguments: [
            (IOError(errnoCode: ECONNREFUSED, reason: "connect") as any Error, "the connection was refused"),
            (IOError(errnoCode: ECONNRESET, reason: "read"), "the connection was lost"),
            (IOError(errnoCode: ENETUNREACH, reason: "connect"), "this computer is not connected to the internet"),
            (IOError(errnoCode: EACCES, reason: "connect"), "the transfer failed (network error \(EACCES))"),
            (HTTPClientError.remoteConnectionClosed, "the connection was lost"),
            (HTTPClientError.bodyLengthMismatch, "its reply was not a valid HTTP response"),
            (NIOSSLError.handshakeFailed(.sslError([])), "a secure connection could not be set up"),
            (SocketAddressError.unsupported, "no server by that name could be found"),
        ])
    func reasons(error: any Error, reason: String) {
        #expect(TransferFailure.reason(for: error) == reason)
    }

    @Test("the client's own cancellation and timeouts are told apart from network failures")
    func kinds() {
        #expect(TransferFailure.kind(of: HTTPClientError.cancelled) == .cancelled)
        #expect(TransferFailure.kind(of: CancellationError()) == .cancelled)
        #expect(TransferFailure.kind(of: HTTPClientError.connectTimeout) == .timedOut)
        #expect(TransferFailure.kind(of: HTTPClientError.readTimeout) == .timedOut)
        #expect(
            TransferFailure.kind(of: IOError(errnoCode: ECONNREFUSED, reason: "connect"))
                == .unreachable(reason: "the connection was refused"))
    }
}
