import Foundation

/// One page of the browser client (C11) in headless Chromium for the GUI tests and the
/// benchmarks, driven through `web/tests/browser/page-driver.py`: a JSON command a line on its standard input, a JSON answer
/// a line on its standard output. The driver and its browser end when this is closed.
public final class WebPageDriver: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()
    /// One command at a time, answered on a thread of its own (reads block).
    private let queue = DispatchQueue(label: "web-page-driver")

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `web/tests/browser/page-driver.py` of this checkout.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../web/tests/browser/page-driver.py"
    ).standardized

    /// Opens `url` and waits until the page is there.
    public init(url: String) async throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.script.path, url,
        ]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        _ = try await answer()
    }

    /// The value of a JavaScript expression in the page (awaited when it is a promise).
    @discardableResult
    public func evaluate(_ expression: String) async throws -> Any? {
        try await send(["evaluate": expression])
    }

    /// Waits until `expression` is truthy in the page; its value.
    @discardableResult
    public func waitFor(_ expression: String, timeout: Int = 20) async throws -> Any? {
        try await send(["waitFor": expression, "timeout": timeout])
    }

    public func click(_ x: Double, _ y: Double) async throws {
        try await send(["click": [x, y]])
    }

    /// A mouse drag in the page, in CSS pixels of its viewport.
    public func drag(from start: (Double, Double), to end: (Double, Double)) async throws {
        try await send(["drag": [[start.0, start.1], [end.0, end.1]]])
    }

    public func screenshot(to url: URL) async throws {
        try await send(["screenshot": url.path])
    }

    public func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    @discardableResult
    private func send(_ command: [String: Any]) async throws -> Any? {
        var line = try JSONSerialization.data(withJSONObject: command)
        line.append(UInt8(ascii: "\n"))
        try input.fileHandleForWriting.write(contentsOf: line)
        return try await answer()
    }

    private func answer() async throws -> Any? {
        let line = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            queue.async {
                while !self.buffer.contains(UInt8(ascii: "\n")) {
                    let chunk = self.output.fileHandleForReading.availableData
                    if chunk.isEmpty {
                        continuation.resume(throwing: Failure(description: "the page driver stopped"))
                        return
                    }
                    self.buffer.append(chunk)
                }
                let end = self.buffer.firstIndex(of: UInt8(ascii: "\n"))!
                let line = self.buffer[..<end]
                self.buffer.removeSubrange(...end)
                continuation.resume(returning: Data(line))
            }
        }
        let answer = try JSONSerialization.jsonObject(with: line, options: [.fragmentsAllowed]) as? [String: Any] ?? [:]
        if let error = answer["error"] as? String { throw Failure(description: error) }
        return answer["value"] is NSNull ? nil : answer["value"]
    }
}
