import AsyncHTTPClient
import EmojiArtCore
import Foundation
import NIOCore
import NIOHTTP1

/// Receives one response of an image download (one hop of `WebImageTransfer`) as it streams in,
/// and applies SPEC B6's checks as early as each can be made: the status and a Content-Length
/// over the cap at the head, the byte cap and the image signature as the body arrives. A check
/// that fails returns a failed future, which makes AsyncHTTPClient stop reading and close the
/// connection at once.
///
/// A redirect is not followed here: its head ends the hop with `Redirected`, and the transfer
/// decides whether to go on.
final class ImageResponseDelegate: HTTPClientResponseDelegate, @unchecked Sendable {
    // @unchecked Sendable: AsyncHTTPClient calls the delegate on the request's event loop, and
    // the transfer reads it after the request; all state is behind `lock`.
    typealias Response = Data

    /// The head asked to go elsewhere: `location` is the Location header, unresolved.
    struct Redirected: Error {
        let location: String
    }

    private let limits: FetchLimits
    private let lock = NSLock()
    private var state = State()

    private struct State {
        var hasResponse = false
        var body = Data()
        /// Content-Length, when the body arrives as sent (no Content-Encoding).
        var expectedBytes: Int?
        var hasCheckedSignature = false
    }

    init(limits: FetchLimits) {
        self.limits = limits
    }

    /// Whether a head other than a redirect arrived (the response deadline no longer applies).
    var hasResponse: Bool { lock.withLock { state.hasResponse } }

    /// How many bytes arrived and how many the head promised, when the transfer failed before
    /// its end: a body shorter than its Content-Length is reported as such, whatever error the
    /// closed connection gave.
    var shortfall: (received: Int, expected: Int)? {
        lock.withLock {
            guard let expected = state.expectedBytes, state.body.count < expected else { return nil }
            return (state.body.count, expected)
        }
    }

    func didReceiveHead(task: HTTPClient.Task<Data>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        do {
            try check(head)
            return task.eventLoop.makeSucceededVoidFuture()
        } catch {
            return task.eventLoop.makeFailedFuture(error)
        }
    }

    private func check(_ head: HTTPResponseHead) throws {
        let code = Int(head.status.code)
        if (300...399).contains(code), let location = head.headers.first(name: "Location") {
            throw Redirected(location: location)
        }
        lock.withLock { state.hasResponse = true }
        switch code {
        case 200...299: break
        case 404, 410: throw ImageFetchError.notFound
        default: throw ImageFetchError.httpStatus(code)
        }
        guard let length = head.headers.first(name: "Content-Length").flatMap({ Int($0) }), length >= 0 else { return }
        if length > limits.maxBytes { throw ImageFetchError.tooLarge(bytes: limits.maxBytes) }
        // With Content-Encoding, Content-Length counts the encoded bytes, not the ones delivered.
        let encoding = head.headers.first(name: "Content-Encoding")?.lowercased()
        if encoding == nil || encoding == "identity" {
            lock.withLock {
                state.expectedBytes = length
                state.body.reserveCapacity(length)
            }
        }
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Data>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let failure: ImageFetchError? = lock.withLock {
            // Checked before keeping the bytes, so an endless or chunked body stops at the cap.
            if state.body.count + buffer.readableBytes > limits.maxBytes { return .tooLarge(bytes: limits.maxBytes) }
            state.body.append(contentsOf: buffer.readableBytesView)
            // A web page instead of an image is recognised from its first bytes, not after 50 MB.
            if !state.hasCheckedSignature, state.body.count >= ImageHeader.Format.signatureLength {
                state.hasCheckedSignature = true
                if ImageHeader.Format(signatureOf: state.body) == nil { return .notAnImage }
            }
            return nil
        }
        if let failure { return task.eventLoop.makeFailedFuture(failure) }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Data>) throws -> Data {
        try lock.withLock {
            if let expected = state.expectedBytes, state.body.count < expected {
                throw ImageFetchError.truncated(receivedBytes: state.body.count, expectedBytes: expected)
            }
            defer { state.body = Data() }
            return state.body
        }
    }
}
