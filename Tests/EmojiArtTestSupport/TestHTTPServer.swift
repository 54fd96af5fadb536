import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, the one every test target uses: the fetcher tests, so
/// they see what the live fetcher's HTTP client really does with real bytes on a socket
/// (DESIGN joint 5), and the GUI tests, so the app fetches URL backgrounds without a network
/// (SPEC B1–B6). It binds port 0 and serves each connection on a thread of its own by playing
/// back the steps its route table (or, for a path not in the table, its handler) names for the
/// request target, then closes the connection.
///
/// Every loop is bounded: accepting ends at `stop()` or after `lifetime`, each step checks for
/// the stop, pauses sleep in short slices and notice a client that hung up, a held body waits at
/// most `longestHold` for `release()`, sends and receives time out, and endless bodies stop after
/// `maxStreamedBytes`; so a test that fails half-way never leaves a thread or the port behind for
/// long. Use `withTestHTTPServer`, which always stops it.
public final class TestHTTPServer: @unchecked Sendable {
    /// What the server does on a connection, in order; the connection closes after the last.
    public enum Step: Sendable {
        case send(Data)
        /// Waits, doing nothing (a slow or silent server).
        case pause(seconds: Double)
        /// Sends `data` one byte at a time, `intervalSeconds` apart.
        case drip(Data, intervalSeconds: Double)
        /// Sends a chunked body of `chunkBytes`-byte chunks that never ends (until the client
        /// goes away, the server stops, or `maxStreamedBytes`).
        case endlessChunks(chunkBytes: Int)
        /// Waits until `release()` is called (or `longestHold` has passed): the test decides
        /// when a response that has begun goes on — an image that is still loading (B2).
        case waitForRelease
    }

    /// The steps for a request target (path and query) that the route table does not name.
    public typealias Handler = @Sendable (_ target: String) -> [Step]

    /// The server stops accepting by itself after this long, even if a test never stops it.
    public static let lifetime = Duration.seconds(120)
    /// A held response goes on after this long at the latest: well within the app's 30 s overall
    /// deadline (B6), so a forgotten release shows as a late image, not as a failure.
    public static let longestHold = Duration.seconds(15)
    /// The most an endless body sends.
    public static let maxStreamedBytes = 32 * 1_048_576

    public let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var routes: [String: [Step]]
    private var isStopping = false
    private var isReleased = false
    private var requested: [String] = []
    private var closedByClientCount = 0
    private var openConnections = 0
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// Serves `routes`; any other target gets what `handler` returns (by default a 404 page).
    public init(routes: [String: [Step]] = [:], handler: @escaping Handler = { _ in TestHTTPResponse.notFound }) throws {
        self.routes = routes
        self.handler = handler
        listener = try Self.makeListener()
        do {
            port = try Self.boundPort(of: listener)
        } catch {
            close(listener)
            throw error
        }
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "TestHTTPServer accept"
        thread.start()
    }

    /// `http://127.0.0.1:PORT/TARGET`. `target` starts with "/".
    public func url(_ target: String) -> URL {
        URL(string: address(target))!
    }

    /// The same as a string, as a document or a drop carries it.
    public func address(_ target: String) -> String {
        "http://127.0.0.1:\(port)\(target)"
    }

    /// Answers `target` with `steps` from the next request on (a route that starts working, for
    /// Retry, B4).
    public func setRoute(_ target: String, _ steps: [Step]) {
        lock.withLock { routes[target] = steps }
    }

    /// Lets every `waitForRelease` step go on, waiting and future ones alike.
    public func release() {
        lock.withLock { isReleased = true }
    }

    /// The request targets (path and query) received so far, in order.
    public var requestedPaths: [String] { lock.withLock { requested } }

    /// How many connections the client closed while the server was still sending or waiting.
    public var connectionsClosedByClient: Int { lock.withLock { closedByClientCount } }

    private var stopping: Bool { lock.withLock { isStopping } }

    /// Stops accepting, ends every connection at its next step, and waits (a bounded time) for
    /// their threads to finish.
    public func stop() {
        let wasStopping = lock.withLock {
            defer { isStopping = true }
            return isStopping
        }
        guard !wasStopping else { return }
        _ = acceptLoopDone.wait(timeout: .now() + 5)
        close(listener)
        blockUntil(timeout: .seconds(5)) { lock.withLock { openConnections == 0 } }
    }

    /// A free port on 127.0.0.1 with nothing listening: connecting to it is refused.
    public static func closedPort() throws -> UInt16 {
        let descriptor = try makeListener()
        defer { close(descriptor) }
        return try boundPort(of: descriptor)
    }

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
            thread.name = "TestHTTPServer connection"
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        Self.configure(connection)
        guard let target = readRequestTarget(connection) else { return }
        let routed = lock.withLock {
            requested.append(target)
            return routes[target]
        }
        for step in routed ?? handler(target) {
            guard !stopping, perform(step, on: connection) else { return }
        }
    }

    /// Runs one step; false when the connection is gone or the server is stopping.
    private func perform(_ step: Step, on connection: Int32) -> Bool {
        switch step {
        case .send(let data):
            return send(data, on: connection)
        case .pause(let seconds):
            return wait(on: connection, atMost: .milliseconds(Int64(seconds * 1000))) { false }
        case .drip(let data, let interval):
            for byte in data {
                guard send(Data([byte]), on: connection),
                    wait(on: connection, atMost: .milliseconds(Int64(interval * 1000)), until: { false })
                else { return false }
            }
            return true
        case .endlessChunks(let size):
            let chunk = Data("\(String(size, radix: 16))\r\n".utf8) + Data(repeating: 0x89, count: size) + Data("\r\n".utf8)
            var sent = 0
            while sent < Self.maxStreamedBytes, !stopping {
                guard send(chunk, on: connection) else { return false }
                sent += size
            }
            return true
        case .waitForRelease:
            return wait(on: connection, atMost: Self.longestHold) { lock.withLock { isReleased } }
        }
    }

    /// Waits until `condition` holds or `limit` has passed, in short slices; false when the
    /// server stops or the client hung up meanwhile.
    private func wait(on connection: Int32, atMost limit: Duration, until condition: () -> Bool) -> Bool {
        var isGone = false
        blockUntil(timeout: limit) {
            if stopping || Self.peerHasClosed(connection) {
                isGone = true
                return true
            }
            return condition()
        }
        if isGone, !stopping { lock.withLock { closedByClientCount += 1 } }
        return !isGone
    }

    private func send(_ data: Data, on connection: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Self.sendSome(connection, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }  // the client went away, or the send timed out
                offset += count
            }
            return true
        }
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

    // MARK: - Sockets

    private static func makeListener() throws -> Int32 {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw SocketError(call: "socket") }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            let error = SocketError(call: "bind/listen")
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
        guard result == 0 else { throw SocketError(call: "getsockname") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Sends and receives time out, so a client that stops reading cannot hang a thread.
    private static func configure(_ connection: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Sends without raising SIGPIPE when the client has gone.
    private static func sendSome(_ connection: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.send(connection, bytes, count, Int32(MSG_NOSIGNAL))
        #else
        Darwin.send(connection, bytes, count, 0)
        #endif
    }

    /// True when the client closed its end: a non-blocking peek reads end-of-file.
    private static func peerHasClosed(_ connection: Int32) -> Bool {
        var byte: UInt8 = 0
        let count = recv(connection, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }
}

/// A socket call of the test server that failed, with the system's reason.
public struct SocketError: Error, CustomStringConvertible {
    public var call: String
    public var reason: String

    init(call: String) {
        self.call = call
        reason = String(cString: strerror(errno))
    }

    public var description: String { "the test HTTP server's \(call) failed: \(reason)" }
}

/// Runs `body` with a fresh server, stopping it afterwards whatever happens.
public func withTestHTTPServer(
    routes: [String: [TestHTTPServer.Step]] = [:],
    handler: @escaping TestHTTPServer.Handler = { _ in TestHTTPResponse.notFound },
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TestHTTPServer) async throws -> Void
) async throws {
    let server = try TestHTTPServer(routes: routes, handler: handler)
    defer { server.stop() }
    try await body(server)
}
