import Foundation
@testable import EmojiArtCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for the fetcher tests: a real socket, so the tests see
/// what URLSession on Linux really does (DESIGN joint 5). It binds port 0, serves each
/// connection on its own thread by playing back the steps `handler` returns for the request's
/// path, then closes the connection.
///
/// Every loop is bounded: accepting stops at `stop()` or after `lifetimeSeconds`, each step
/// checks for the stop, pauses sleep in short slices, sends time out, and endless bodies stop
/// after `maxStreamedBytes`. Use `withLoadingTestServer`, which always stops it.
final class LoadingTestServer: @unchecked Sendable {
    /// What the server does on a connection, in order; the connection closes after the last.
    enum Step: Sendable {
        case send(Data)
        /// Waits, doing nothing (a slow or silent server).
        case pause(seconds: Double)
        /// Sends `data` one byte at a time, `intervalSeconds` apart.
        case drip(Data, intervalSeconds: Double)
        /// Sends a chunked body of `chunkBytes`-byte chunks that never ends (until the client
        /// goes away, the server stops, or `maxStreamedBytes`).
        case endlessChunks(chunkBytes: Int)
    }

    typealias Handler = @Sendable (_ path: String) -> [Step]

    /// The server stops accepting by itself after this long, even if a test never stops it.
    static let lifetimeSeconds = 120.0
    /// The most an endless body sends.
    static let maxStreamedBytes = 32 * 1_048_576

    let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var isStopping = false
    private var requestedPaths: [String] = []
    private var closedByClientCount = 0
    private let connections = DispatchGroup()
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    init(handler: @escaping Handler) throws {
        self.handler = handler
        listener = try Self.makeListener()
        port = try Self.boundPort(of: listener)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoadingTestServer accept"
        thread.start()
    }

    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// The paths requested so far, in order.
    var paths: [String] { lock.withLock { requestedPaths } }

    /// How many connections the client closed while the server was still sending or pausing.
    var connectionsClosedByClient: Int { lock.withLock { closedByClientCount } }

    private var stopping: Bool { lock.withLock { isStopping } }

    /// Stops accepting, ends every connection at its next step, and waits (a bounded time) for
    /// their threads to finish.
    func stop() {
        let wasStopping = lock.withLock {
            defer { isStopping = true }
            return isStopping
        }
        guard !wasStopping else { return }
        _ = acceptLoopDone.wait(timeout: .now() + 5)
        close(listener)
        _ = connections.wait(timeout: .now() + 5)
    }

    // MARK: - Accepting

    private func acceptLoop() {
        defer { acceptLoopDone.signal() }
        let started = Date()
        while !stopping, Date().timeIntervalSince(started) < Self.lifetimeSeconds {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            connections.enter()
            let thread = Thread { [self] in
                serve(connection)
                close(connection)
                connections.leave()
            }
            thread.name = "LoadingTestServer connection"
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        Self.configure(connection)
        guard let path = readRequestPath(connection) else { return }
        lock.withLock { requestedPaths.append(path) }
        for step in handler(path) {
            guard !stopping, perform(step, on: connection) else { return }
        }
    }

    /// Runs one step; false when the connection is gone or the server is stopping.
    private func perform(_ step: Step, on connection: Int32) -> Bool {
        switch step {
        case .send(let data):
            return send(data, on: connection)
        case .pause(let seconds):
            return pause(seconds, on: connection)
        case .drip(let data, let interval):
            for byte in data {
                guard send(Data([byte]), on: connection), pause(interval, on: connection) else { return false }
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
        }
    }

    /// Sleeps in short slices, noticing a stop and a client that hung up.
    private func pause(_ seconds: Double, on connection: Int32) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if stopping { return false }
            if Self.peerHasClosed(connection) {
                lock.withLock { closedByClientCount += 1 }
                return false
            }
            usleep(10_000)
        }
        return true
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

    private func readRequestPath(_ connection: Int32) -> String? {
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
        guard descriptor >= 0 else { throw SystemError.current }
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
            let error = SystemError.current
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
        guard result == 0 else { throw SystemError.current }
        return UInt16(bigEndian: address.sin_port)
    }

    /// A free port on 127.0.0.1 with nothing listening: connecting to it is refused.
    static func closedPort() throws -> UInt16 {
        let descriptor = try makeListener()
        defer { close(descriptor) }
        return try boundPort(of: descriptor)
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

/// Runs `body` with a fresh server, stopping it afterwards whatever happens.
func withLoadingTestServer(
    _ handler: @escaping LoadingTestServer.Handler,
    _ body: (LoadingTestServer) async throws -> Void
) async throws {
    let server = try LoadingTestServer(handler: handler)
    defer { server.stop() }
    try await body(server)
}

/// Builds response steps.
enum LoadingTestResponse {
    /// A complete response with Content-Length, unless `declaredLength` says otherwise.
    static func steps(
        status: Int = 200, reason: String = "OK", contentType: String? = "image/png",
        headers: [String] = [], body: Data = Data(), declaredLength: Int? = nil
    ) -> [LoadingTestServer.Step] {
        [.send(head(status: status, reason: reason, contentType: contentType, headers: headers,
                    contentLength: declaredLength ?? body.count) + body)]
    }

    static func head(
        status: Int = 200, reason: String = "OK", contentType: String? = "image/png", headers: [String] = [],
        contentLength: Int?
    ) -> Data {
        var lines = ["HTTP/1.1 \(status) \(reason)", "Connection: close"]
        if let contentType { lines.append("Content-Type: \(contentType)") }
        if let contentLength { lines.append("Content-Length: \(contentLength)") }
        lines += headers
        return Data((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    static func redirect(to location: String) -> [LoadingTestServer.Step] {
        steps(status: 302, reason: "Found", contentType: "text/html", headers: ["Location: \(location)"],
              body: Data("<a href=\"\(location)\">moved</a>".utf8))
    }

    static let notFoundPage = Data("<!doctype html><html><body><h1>404 Not Found</h1></body></html>".utf8)
}
