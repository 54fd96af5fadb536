import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The process's one HTTP client (AsyncHTTPClient on NIO's shared event loops, the ones the
/// WebSocket client runs on), for background images and the relay's rooms and blobs.
///
/// Made on first use, so a launch that fetches nothing starts no client. It lives as long as the
/// process and is never shut down: a global is never deinitialised, and the event loop threads
/// it runs on are NIO's singleton ones, which end with the process.
public enum WebClient {
    /// TLS with the system's trust roots (NIOSSL's default client configuration reads them from
    /// /etc/ssl/certs). Redirects are not followed here: `WebImageTransfer` follows them itself,
    /// so it can count them, refuse a non-web target and keep one deadline across them (SPEC B6).
    /// gzip and deflate bodies are decoded (as libcurl did for URLSession), within 100× the bytes
    /// on the wire, so a small body cannot inflate to gigabytes between two byte counts. A
    /// connection silent for 30 s fails (image downloads have their own, shorter deadlines).
    static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(30), read: .seconds(30)),
            decompression: .enabled(limit: .ratio(100))
        )
        // A refused connection fails the request at once with its reason, rather than being
        // retried until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        // A relay closes a connection idle for 10 s (SPEC C8); dropping ours sooner means a
        // request never goes out on one it is closing at that moment.
        configuration.connectionPool.idleTimeout = .seconds(5)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// One request with an optional body; the whole response body is read, up to `maxBytes`.
    /// `timeout` bounds the wait for the response's head; the body may take longer while bytes
    /// keep coming (the client's 30 s read timeout).
    /// Throws `WebTransferError` with a sentence for any failure before the response arrived
    /// (no server, refused, TLS, timed out) or a body over `maxBytes`, and `CancellationError`
    /// when the calling task is cancelled. Any status is returned, for the caller to judge.
    public static func send(
        _ method: String, to url: URL, body: Data?, headers: [(name: String, value: String)] = [], timeout: Duration, maxBytes: Int
    ) async throws -> (status: Int, body: Data) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        do {
            let response = try await shared.execute(request, timeout: .nanoseconds(Int64(timeout.nanoseconds)))
            let buffer = try await response.body.collect(upTo: maxBytes)
            return (Int(response.status.code), Data(buffer.readableBytesView))
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw WebTransferError(reason: TransferFailure.reason(for: error))
        }
    }
}

/// Why a request to a server failed, as a clause such as "the connection was refused"
/// (`TransferFailure.reason(for:)`).
public struct WebTransferError: Error, Hashable, Sendable, CustomStringConvertible {
    public let reason: String

    public var description: String { reason }
}

extension Duration {
    /// Whole nanoseconds, for NIO's `TimeAmount`.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
