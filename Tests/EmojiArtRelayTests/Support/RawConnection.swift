import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain TCP connection to the relay on 127.0.0.1, from `source` (another loopback address
/// looks like another machine), that sends exactly the bytes it is given —
/// half a request line, a forged `X-Forwarded-For`, a WebSocket handshake it never follows up —
/// and reads with deadlines (poll), never a bare sleep.
final class RawConnection: @unchecked Sendable {
    private var descriptor: Int32
    private var received = Data()
    private(set) var isClosedByPeer = false

    init(port: Int, from source: String = "127.0.0.1") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError(description: "socket: \(String(cString: strerror(errno)))") }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw RawConnectionError(description: "bind \(source): \(reason)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw RawConnectionError(description: "connect: \(reason)")
        }
    }

    deinit { close() }

    func send(_ text: String) throws { try send(Data(text.utf8)) }

    func send(_ data: Data) throws {
        try data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let sent = Glibc.send(descriptor, buffer.baseAddress! + done, buffer.count - done, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { throw RawConnectionError(description: "send: \(String(cString: strerror(errno)))") }
                done += sent
            }
        }
    }

    /// Reads what arrives within `timeout` (returns early once `enough` holds or the peer closed).
    @discardableResult
    func read(timeout: Duration, until enough: (Data) -> Bool = { _ in false }) -> Data {
        let deadline = ContinuousClock.now + timeout
        while !isClosedByPeer, !enough(received) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            guard poll(&pollDescriptor, 1, milliseconds) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 {
                isClosedByPeer = true
            } else {
                received.append(contentsOf: chunk[0..<count])
            }
        }
        return received
    }

    /// The first HTTP response on the connection, once its head and its `Content-Length` body are in.
    func response(timeout: Duration = .seconds(10)) -> HTTPReply? {
        HTTPReply(read(timeout: timeout) { HTTPReply($0) != nil })
    }

    /// Waits until the relay closed the connection; true when it did before `timeout`.
    func waitForClose(timeout: Duration) -> Bool {
        read(timeout: timeout)
        return isClosedByPeer
    }

    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}

/// An HTTP response read off a raw connection.
struct HTTPReply: Sendable {
    let status: Int
    let body: String
    /// The head's fields by their lower-cased names (the last of a repeated one).
    let headers: [String: String]

    /// nil until `data` holds a whole head and the body its `Content-Length` announces.
    init?(_ data: Data) {
        guard let headEnd = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<headEnd.lowerBound], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            headers[parts[0].lowercased()] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        let body = data[headEnd.upperBound...]
        guard body.count >= length else { return nil }
        self.status = status
        self.body = String(decoding: body.prefix(length), as: UTF8.self)
        self.headers = headers
    }
}

struct RawConnectionError: Error, CustomStringConvertible {
    var description: String
}
