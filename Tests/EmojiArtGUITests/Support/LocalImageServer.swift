import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 that the app under test fetches URL backgrounds from
/// (SPEC B1–B5), so the background-loading tests need no network. It binds port 0, answers each
/// connection on a thread of its own with the response its route table names for the request's
/// path (404 for any other path), then closes the connection.
///
/// Every loop is bounded: accepting ends at `stop()` or after `lifetime`, a held response waits
/// at most `longestHold` for `release()`, and sends and receives time out, so a test that fails
/// half-way can never leave a thread or the port behind for long. Use `withLocalImageServer`,
/// which always stops it. (The fetcher tests in EmojiArtCoreTests have a richer server; a test
/// target cannot import another's code, and these tests need only three kinds of answer.)
final class LocalImageServer: @unchecked Sendable {
    enum Response: Sendable {
        /// 200 with the bytes as image/png.
        case image(Data)
        /// 200 with its headers at once and the body only once `release()` is called (or after
        /// `longestHold`): the app shows its spinner for as long as the test wants (B2).
        case heldImage(Data)
        /// 404 with a small HTML page, as a real server sends (B6: an error status fails even
        /// when it carries a page).
        case notFound
    }

    /// The server stops accepting by itself after this long, even if a test never stops it.
    static let lifetime = Duration.seconds(120)
    /// A held body is sent after this long at the latest. Its head goes out at once, so the app's
    /// 10 s wait for a response is met, and this is well within its 30 s overall deadline (B6):
    /// a forgotten release shows as a late image, not as a failure toast.
    static let longestHold = Duration.seconds(15)

    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var routes: [String: Response]
    private var isStopping = false
    private var isReleased = false
    private var requested: [String] = []
    private var openConnections = 0
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    init(routes: [String: Response]) throws {
        self.routes = routes
        listener = try Self.makeListener()
        do {
            port = try Self.boundPort(of: listener)
        } catch {
            close(listener)
            throw error
        }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LocalImageServer accept"
        thread.start()
    }

    /// `http://127.0.0.1:PORT/PATH`, as the app is given it. `path` starts with "/".
    func url(_ path: String) -> String {
        "http://127.0.0.1:\(port)\(path)"
    }

    /// Answers `path` with `response` from the next request on (a route that starts working,
    /// for Retry, B4).
    func setRoute(_ path: String, _ response: Response) {
        lock.withLock { routes[path] = response }
    }

    /// Sends the bodies of held responses, waiting and future ones alike.
    func release() {
        lock.withLock { isReleased = true }
    }

    /// The request targets (path and query) received so far, in order.
    var requestedPaths: [String] { lock.withLock { requested } }

    /// Stops accepting, ends every connection at its next step and waits (a bounded time) for
    /// their threads to finish.
    func stop() {
        let wasStopping = lock.withLock {
            defer { isStopping = true }
            return isStopping
        }
        guard !wasStopping else { return }
        _ = acceptLoopDone.wait(timeout: .now() + 5)
        close(listener)
        let deadline = ContinuousClock.now + .seconds(5)
        while lock.withLock({ openConnections }) > 0, ContinuousClock.now < deadline {
            usleep(10_000)
        }
    }

    private var stopping: Bool { lock.withLock { isStopping } }

    // MARK: - Serving

    private func acceptLoop() {
        defer { acceptLoopDone.signal() }
        let deadline = ContinuousClock.now + Self.lifetime
        while !stopping, ContinuousClock.now < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            lock.withLock { openConnections += 1 }
            let thread = Thread { [self] in
                serve(connection)
                close(connection)
                lock.withLock { openConnections -= 1 }
            }
            thread.name = "LocalImageServer connection"
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let target = readRequestTarget(connection) else { return }
        let response = lock.withLock {
            requested.append(target)
            return routes[target] ?? .notFound
        }
        switch response {
        case .image(let body):
            _ = send(Self.head(status: "200 OK", type: "image/png", length: body.count) + body, on: connection)
        case .heldImage(let body):
            guard send(Self.head(status: "200 OK", type: "image/png", length: body.count), on: connection),
                waitForRelease()
            else { return }
            _ = send(body, on: connection)
        case .notFound:
            let page = Data("<!doctype html><html><body><h1>404 Not Found</h1></body></html>".utf8)
            _ = send(Self.head(status: "404 Not Found", type: "text/html", length: page.count) + page, on: connection)
        }
    }

    /// True once released (or at `longestHold`), false when the server is stopping.
    private func waitForRelease() -> Bool {
        let deadline = ContinuousClock.now + Self.longestHold
        while ContinuousClock.now < deadline {
            let (released, stopping) = lock.withLock { (isReleased, isStopping) }
            if stopping { return false }
            if released { return true }
            usleep(10_000)
        }
        return true
    }

    private static func head(status: String, type: String, length: Int) -> Data {
        Data("HTTP/1.1 \(status)\r\nConnection: close\r\nContent-Type: \(type)\r\nContent-Length: \(length)\r\n\r\n".utf8)
    }

    private func readRequestTarget(_ connection: Int32) -> String? {
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 64 * 1024 {
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            request += buffer[..<count]
            if String(decoding: request, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        let firstLine = String(decoding: request, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = firstLine.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// Sends all of `data`; false when the client went away or the send timed out.
    private func send(_ data: Data, on connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // MSG_NOSIGNAL: a client that hung up must not kill the test process with SIGPIPE.
                let count = Glibc.send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
    }

    // MARK: - Sockets

    private static func makeListener() throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw failure("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let error = failure("bind/listen")
            close(descriptor)
            throw error
        }
        return descriptor
    }

    private static func boundPort(of descriptor: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw failure("getsockname") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func failure(_ call: String) -> ExternalCommand.Failure {
        ExternalCommand.Failure(description: "the test HTTP server's \(call) failed: \(String(cString: strerror(errno)))")
    }
}

/// Runs `body` with a fresh server, stopping it afterwards whatever happens.
func withLocalImageServer(
    _ routes: [String: LocalImageServer.Response], _ body: (LocalImageServer) async throws -> Void
) async throws {
    let server = try LocalImageServer(routes: routes)
    defer { server.stop() }
    try await body(server)
}
