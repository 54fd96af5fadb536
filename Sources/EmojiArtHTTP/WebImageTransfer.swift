import AsyncHTTPClient
import EmojiArtCore
import Foundation
import NIOCore
import NIOHTTP1

/// One http(s) image download within SPEC B6's limits, on the shared `WebClient`.
///
/// Each limit is enforced here rather than left to the client's settings (DESIGN joint 5):
/// redirects are followed one hop at a time, so each is counted and a redirect to anything but a
/// web address is refused; one response deadline (until a head that is not a redirect) and one
/// overall deadline run from the start across all hops; the delegate checks status, size and
/// signature as the response streams in (`ImageResponseDelegate`). Cancelling the calling task
/// cancels the request at once. Every failure is an `ImageFetchError`; cancellation is
/// `CancellationError`.
struct WebImageTransfer {
    let url: URL
    let limits: FetchLimits
    var client: HTTPClient = WebClient.shared

    /// Asks for the formats EmojiArt shows, and anything else at a lower preference (as browsers
    /// ask for images), so servers that negotiate pick one we can show; the bytes decide anyway.
    static let accept = ImageHeader.Format.allCases.map(\.mediaType).joined(separator: ",") + ",*/*;q=0.5"

    func run() async throws -> Data {
        let start = NIODeadline.now()
        let deadlines = (
            response: start + TimeAmount(limits.responseDeadline), overall: start + TimeAmount(limits.overallDeadline)
        )
        var address = url
        var redirects = 0
        while true {
            do {
                return try await hop(to: address, deadlines: deadlines)
            } catch let redirect as ImageResponseDelegate.Redirected {
                redirects += 1
                if redirects > limits.maxRedirects { throw ImageFetchError.tooManyRedirects }
                guard let next = URL(string: redirect.location, relativeTo: address)?.absoluteURL else {
                    throw ImageFetchError.unreachable(host: host, reason: localized("its reply was not a valid HTTP response"))
                }
                // A redirect must not turn a web address into a file:// or other address.
                guard next.isWebURL else { throw ImageFetchError.unsupportedURL(scheme: next.scheme ?? "") }
                address = next
            }
        }
    }

    /// One request; throws `Redirected` for a redirect's head.
    private func hop(
        to address: URL, deadlines: (response: NIODeadline, overall: NIODeadline)
    ) async throws -> Data {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: Self.accept)
        let request: HTTPClient.Request
        do {
            request = try HTTPClient.Request(url: address, method: .GET, headers: headers)
        } catch {
            throw ImageFetchError.unreachable(host: host, reason: TransferFailure.reason(for: error))
        }
        let delegate = ImageResponseDelegate(limits: limits)
        let task = client.execute(request: request, delegate: delegate)
        // No head by the response deadline, or not done by the overall one: fail the request,
        // which closes its connection. The deadlines run on the request's event loop, beside its
        // bytes, so a busy task pool cannot hold one back while a slow server goes on sending.
        let responseWatch = task.eventLoop.scheduleTask(deadline: deadlines.response) {
            if !delegate.hasResponse { task.fail(reason: ImageFetchError.timedOut) }
        }
        let overallWatch = task.eventLoop.scheduleTask(deadline: deadlines.overall) {
            task.fail(reason: ImageFetchError.timedOut)
        }
        defer {
            responseWatch.cancel()
            overallWatch.cancel()
        }
        do {
            return try await withTaskCancellationHandler {
                try await task.futureResult.get()
            } onCancel: {
                task.cancel()
            }
        } catch {
            throw failure(error, delegate: delegate)
        }
    }

    /// The error the caller sees for a failed hop.
    private func failure(_ error: any Error, delegate: ImageResponseDelegate) -> any Error {
        if Task.isCancelled { return CancellationError() }
        switch error {
        case is ImageFetchError, is ImageResponseDelegate.Redirected:
            return error
        default:
            break
        }
        // The connection closed before Content-Length bytes: say what happened.
        if let (received, expected) = delegate.shortfall {
            return ImageFetchError.truncated(receivedBytes: received, expectedBytes: expected)
        }
        switch TransferFailure.kind(of: error) {
        case .cancelled: return CancellationError()
        case .timedOut: return ImageFetchError.timedOut
        case .inflatedTooFar: return ImageFetchError.tooLarge(bytes: limits.maxBytes)
        case .unreachable(let reason): return ImageFetchError.unreachable(host: host, reason: reason)
        }
    }

    private var host: String {
        url.host(percentEncoded: false) ?? url.absoluteString
    }
}
