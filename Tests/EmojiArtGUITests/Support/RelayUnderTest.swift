import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The built `emojiart-relay` on 127.0.0.1 with its own data folder, for the sharing tests:
/// killed with SIGKILL and restarted on the same port and folder (C1, C6).
final class RelayUnderTest: @unchecked Sendable {
    let dataFolder: URL
    private(set) var port = 0
    private var process: Process?

    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("emojiart-relay")
    }

    init(dataFolder: URL) throws {
        self.dataFolder = dataFolder
        try start()
    }

    var server: String { "ws://127.0.0.1:\(port)" }

    /// Starts it (again, on the same port once it had one) and waits for its "listening" line.
    func start() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--port", String(port), "--data", dataFolder.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        self.process = process
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw RelayUnderTestError(output: String(decoding: line, as: UTF8.self)) }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "ws://127.0.0.1:"), let bound = Int(text[range.upperBound...].prefix { $0.isNumber })
        else { throw RelayUnderTestError(output: text) }
        port = bound
    }

    /// SIGKILL: no shutdown code runs.
    func kill9() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// Makes a room (what Share… does first): `PUT /room/ID`.
    func createRoom(_ room: String) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/room/\(room)")!)
        request.httpMethod = "PUT"
        request.httpBody = Data()
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 || status == 201 else { throw RelayUnderTestError(output: "PUT /room/\(room) answered \(status)") }
    }

    deinit {
        kill9()
    }
}

struct RelayUnderTestError: Error, CustomStringConvertible {
    var output: String
    var description: String { "the relay did not start: \(output)" }
}
