import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The built `emojiart-relay` binary (beside this test bundle), run on 127.0.0.1 with its own
/// data folder; killed with SIGKILL, stopped with SIGSTOP, restarted on the same port and folder.
final class RelayProcess: @unchecked Sendable {
    let dataFolder: URL
    private(set) var port: Int
    private var process: Process?

    static var executableURL: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("emojiart-relay")
    }

    /// Starts a relay on a free port (or `port`) and waits for it to listen.
    init(dataFolder: URL? = nil, port: Int = 0, extraArguments: [String] = []) throws {
        self.dataFolder = dataFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)")
        self.port = port
        try start(extraArguments: extraArguments)
    }

    var server: String { "ws://127.0.0.1:\(port)" }

    func start(extraArguments: [String] = []) throws {
        let process = Process()
        process.executableURL = Self.executableURL
        process.arguments = ["--port", String(port), "--data", dataFolder.path] + extraArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        self.process = process
        // The first line says where it listens: "Relay listening on ws://127.0.0.1:PORT (…)".
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw RelayProcessError.exited(String(decoding: line, as: UTF8.self)) }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "ws://127.0.0.1:"),
              let bound = Int(text[range.upperBound...].prefix { $0.isNumber })
        else { throw RelayProcessError.exited(text) }
        port = bound
    }

    /// SIGKILL: no shutdown code runs, whatever was not fsynced is lost.
    func kill9() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    func pause() {
        if let process { kill(process.processIdentifier, SIGSTOP) }
    }

    func resume() {
        if let process { kill(process.processIdentifier, SIGCONT) }
    }

    deinit {
        if let process {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: dataFolder)
    }
}

enum RelayProcessError: Error {
    case exited(String)
}
