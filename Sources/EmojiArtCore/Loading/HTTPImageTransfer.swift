import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One http(s) download within SPEC B6's limits, enforced here because URLSession on Linux
/// enforces none of them by configuration (DESIGN joint 5): a deadline task cancels the
/// transfer (no response within `responseDeadline`, not done within `overallDeadline`), the
/// session-level redirect callback counts redirects, statuses outside 200–299 fail even with a
/// page, bytes are counted as they arrive, and a body shorter than its Content-Length fails.
///
/// Each transfer owns its URLSession, with itself as the session-level delegate (FoundationNetworking
/// never calls per-task delegates). One session per fetch keeps the state to one task and one
/// body, and ties the session's life to the fetch: `finish` calls `invalidateAndCancel()`, which
/// also makes the session release this delegate, retained until then. Fetches are rare (one per
/// background change), so a session each costs nothing that matters.
final class HTTPImageTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked Sendable: all mutable state is in `state`, behind `lock`. Delegate callbacks
    // arrive on a serial queue, but deadlines and cancellation come from other threads.
    private let url: URL
    private let limits: FetchLimits
    private let lock = NSLock()
    private var state = State()

    private struct State {
        var continuation: CheckedContinuation<Data, any Error>?
        /// Set once, by the first of: the transfer ending, a limit, a deadline, cancellation.
        var outcome: Result<Data, any Error>?
        var session: URLSession?
        var deadlines: [Task<Void, Never>] = []
        var body = Data()
        /// Content-Length, when the body arrives as sent (no Content-Encoding).
        var expectedBytes: Int?
        var hasResponse = false
        var redirectCount = 0
        var hasCheckedSignature = false
    }

    init(url: URL, limits: FetchLimits) {
        self.url = url
        self.limits = limits
    }

    /// Downloads the body. Throws `ImageFetchError`, or `CancellationError` when the calling
    /// task is cancelled; either way the URLSession task is cancelled before this returns.
    func run() async throws -> Data {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(continuation)
            }
        } onCancel: {
            finish(.failure(CancellationError()))
        }
    }

    private func start(_ continuation: CheckedContinuation<Data, any Error>) {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "EmojiArt image transfer"
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        var request = URLRequest(url: url)
        request.setValue("image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.5", forHTTPHeaderField: "Accept")
        let task = session.dataTask(with: request)
        let earlierOutcome: Result<Data, any Error>? = lock.withLock {
            // Cancelled before it started: `onCancel` ran first.
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            state.session = session
            state.deadlines = [
                deadline(after: limits.responseDeadline, onlyBeforeResponse: true),
                deadline(after: limits.overallDeadline, onlyBeforeResponse: false),
            ]
            return nil
        }
        if let earlierOutcome {
            session.invalidateAndCancel()
            continuation.resume(with: earlierOutcome)
            return
        }
        task.resume()
    }

    private var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        // URLSession's own timeouts are idle timeouts at best (DESIGN joint 5); keep them out of
        // the way of the deadlines, which give the accurate reason.
        let seconds = limits.overallDeadline.timeInterval + 5
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        return configuration
    }

    private func deadline(after duration: Duration, onlyBeforeResponse: Bool) -> Task<Void, Never> {
        Task.detached { [weak self] in
            do {
                try await Task.sleep(for: duration)
            } catch {
                return  // the transfer finished first
            }
            guard let self else { return }
            let hasResponse = lock.withLock { state.hasResponse }
            if onlyBeforeResponse && hasResponse { return }
            finish(.failure(ImageFetchError.timedOut))
        }
    }

    /// Ends the fetch with `result` unless it has already ended: resumes the caller, stops the
    /// deadlines and cancels the transfer. Bytes that still arrive afterwards are dropped
    /// (on Linux, cancelling lets many more arrive).
    private func finish(_ result: Result<Data, any Error>) {
        let ending: (CheckedContinuation<Data, any Error>?, URLSession?, [Task<Void, Never>])? = lock.withLock {
            guard state.outcome == nil else { return nil }
            state.outcome = result
            defer {
                state.continuation = nil
                state.session = nil
                state.deadlines = []
                state.body = Data()
            }
            return (state.continuation, state.session, state.deadlines)
        }
        guard let ending else { return }
        let (continuation, session, deadlines) = ending
        deadlines.forEach { $0.cancel() }
        if let session {
            // Not on this thread: cancellation can arrive on the main thread (a window's loader
            // cancelled), and invalidating waits on the session's work queue.
            DispatchQueue.global(qos: .userInitiated).async { session.invalidateAndCancel() }
        }
        continuation?.resume(with: result)
    }

    private func fail(_ error: ImageFetchError) {
        finish(.failure(error))
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let failure: ImageFetchError? = lock.withLock {
            // Already ended, so the task is cancelled: FoundationNetworking traps on an answer
            // to a redirect that arrives after the cancellation ("Received callback for HTTP
            // redirection, but we're not waiting for it"), so give none.
            guard state.outcome == nil else { return nil }
            state.redirectCount += 1
            var failure: ImageFetchError?
            if state.redirectCount > limits.maxRedirects {
                failure = .tooManyRedirects
            } else if let next = request.url, !next.isWebURL {
                // A redirect must not turn a web address into a file:// or other address.
                failure = .unsupportedURL(scheme: next.scheme ?? "")
            }
            // Answered while holding the lock: the answer is queued on the task's work queue,
            // so it is handled before the cancellation that `finish` queues later, never after.
            completionHandler(failure == nil ? request : nil)
            return failure
        }
        if let failure { fail(failure) }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let failure: ImageFetchError? = lock.withLock {
            state.hasResponse = true
            guard state.outcome == nil else { return .timedOut }  // ended already; stop here
            if let http = response as? HTTPURLResponse {
                switch http.statusCode {
                case 200...299: break
                case 404, 410: return .notFound
                default: return .httpStatus(http.statusCode)
                }
            }
            let length = response.expectedContentLength
            if length > Int64(limits.maxBytes) { return .tooLarge(bytes: limits.maxBytes) }
            // With Content-Encoding, Content-Length counts the encoded bytes, not the ones delivered.
            let encoding = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Encoding")
            if length >= 0, encoding == nil || encoding?.lowercased() == "identity" {
                state.expectedBytes = Int(length)
                state.body.reserveCapacity(Int(length))
            }
            return nil
        }
        if let failure {
            fail(failure)
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let failure: ImageFetchError? = lock.withLock {
            guard state.outcome == nil else { return nil }
            state.body.append(data)
            // Checked as the bytes arrive, so an endless or chunked body stops at the limit.
            if state.body.count > limits.maxBytes { return .tooLarge(bytes: limits.maxBytes) }
            // A web page instead of an image is recognised from its first bytes, not after 50 MB.
            if !state.hasCheckedSignature, state.body.count >= ImageHeader.Format.signatureLength {
                state.hasCheckedSignature = true
                if ImageHeader.Format(signatureOf: state.body) == nil { return .notAnImage }
            }
            return nil
        }
        if let failure { fail(failure) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let result: Result<Data, any Error>? = lock.withLock {
            guard state.outcome == nil else { return nil }
            let urlError = error as? URLError
            if urlError?.code == .timedOut { return .failure(ImageFetchError.timedOut) }
            // FoundationNetworking reports a short body as error −1; say what happened instead.
            if let expected = state.expectedBytes, state.body.count < expected {
                return .failure(ImageFetchError.truncated(receivedBytes: state.body.count, expectedBytes: expected))
            }
            if let urlError {
                let mapped = ImageFetchError.mapping(urlError, url: url, limits: limits)
                return .failure(mapped ?? CancellationError())
            }
            if let error {
                return .failure(ImageFetchError.unreachable(host: host, reason: localized("the transfer failed ({reason})", ["reason": "\(error)"])))
            }
            guard state.hasResponse else {
                return .failure(ImageFetchError.unreachable(host: host, reason: localized("the server sent no response")))
            }
            return .success(state.body)
        }
        if let result { finish(result) }
    }

    private var host: String {
        url.host(percentEncoded: false) ?? url.absoluteString
    }
}

extension Duration {
    /// The duration in seconds, for APIs that take a `TimeInterval`.
    var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
