import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A real relay process on 127.0.0.1 for the relay, CLI and GUI tests (SPEC C1, C6): the built
/// `emojiart-relay` (or any command that runs it, such as `emojiart relay`), on a free port and a
/// data folder of its own; killed with SIGKILL, stopped with SIGSTOP and resumed, and restarted
/// on the same port and folder.
public final class RelayProcess: @unchecked Sendable {
    public let dataFolder: URL
    public private(set) var port: Int
    private let command: [String]
    private let ownsDataFolder: Bool
    private let environment: [String: String]?
    private var process: Process?

    /// The `emojiart-relay` built beside the test bundle (the test targets depend on it).
    public static var relayExecutable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("emojiart-relay")
    }

    /// Starts a relay and waits for it to listen. `command`: the program and its first arguments
    /// (default: `emojiart-relay`); `dataFolder`: nil for a temporary one, removed at the end;
    /// `port`: 0 for a free one, kept across restarts.
    /// `environment`: the relay's, nil for this process's (a test's LANGUAGE, say).
    public init(
        command: [String]? = nil, dataFolder: URL? = nil, port: Int = 0, extraArguments: [String] = [], environment: [String: String]? = nil
    ) throws {
        self.command = command ?? [Self.relayExecutable.path]
        self.environment = environment
        ownsDataFolder = dataFolder == nil
        self.dataFolder = dataFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)")
        self.port = port
        try start(extraArguments: extraArguments)
    }

    public var server: String { "ws://127.0.0.1:\(port)" }

    /// The running relay's process id (nil once killed), for reading its memory in /proc.
    public var processIdentifier: Int32? { process?.processIdentifier }

    /// Starts it (again, on the same port once it had one) and waits for its first line,
    /// "Relay listening on ws://127.0.0.1:PORT (…)".
    public func start(extraArguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + ["--port", String(port), "--data", dataFolder.path] + extraArguments
        if let environment { process.environment = environment }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        self.process = process
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw RelayProcessError(description: "the relay did not start: \(String(decoding: line, as: UTF8.self))")
            }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "ws://127.0.0.1:"), let bound = Int(text[range.upperBound...].prefix { $0.isNumber })
        else { throw RelayProcessError(description: "the relay did not say where it listens: \(text)") }
        port = bound
    }

    /// SIGKILL: no shutdown code runs; whatever was not fsynced is lost.
    public func kill9() {
        guard let process else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    /// SIGSTOP: a hung relay — its sockets stay open and the kernel still accepts connections.
    public func pause() {
        if let process { kill(process.processIdentifier, SIGSTOP) }
    }

    /// SIGCONT.
    public func resume() {
        if let process { kill(process.processIdentifier, SIGCONT) }
    }

    /// Makes a room (what Share… does first): `PUT /room/ID` with its key's public keys (C10),
    /// `{"editor": …, "viewer": …}`.
    public func createRoom(_ room: String, registration: [String: String]) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/room/\(room)")!)
        request.httpMethod = "PUT"
        request.httpBody = try JSONSerialization.data(withJSONObject: registration)
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 || status == 201 else {
            throw RelayProcessError(description: "the relay answered PUT /room/\(room) with \(status)")
        }
    }

    deinit {
        kill9()
        if ownsDataFolder { try? FileManager.default.removeItem(at: dataFolder) }
    }
}

public struct RelayProcessError: Error, CustomStringConvertible {
    public var description: String
}
