import Foundation

/// The release `emojiart-relay` running for a benchmark, on its own data folder (fsynced on the
/// machine's disk like a real relay's) or on a PostgreSQL database (`store`), optionally inside a
/// network namespace (`prefix`).
final class RelayRun {
    let server: String
    let dataFolder: URL
    private let process: Process

    /// Starts it listening on `host` (a free port) and waits for its "listening" line.
    /// `store`: a `postgres://…` URL instead of a data folder of its own.
    /// `arguments`: more options for the relay.
    init(host: String = "127.0.0.1", prefix: [String] = [], store: String? = nil, arguments: [String] = []) throws {
        let relay = try Tools.relay()
        dataFolder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-relay-\(UUID().uuidString)")
        let storage = store.map { ["--store", $0] } ?? ["--data", dataFolder.path]
        let command = prefix + [relay, "--host", host, "--port", "0"] + storage + arguments
        process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw BenchmarkError(description: "the relay did not start: \(String(decoding: line, as: UTF8.self))")
            }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "ws://\(host):"), let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
            process.terminate()
            throw BenchmarkError(description: "the relay said “\(text)”")
        }
        server = "ws://\(host):\(port)"
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Its peak resident memory so far (VmHWM), in MiB.
    var peakMiB: Double {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }

    /// The CPU time it has used so far (user + system), in seconds: fields 14 and 15 of
    /// /proc/PID/stat, in clock ticks.
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func stop() {
        // SIGKILL reaches the relay itself too when it runs under `ip netns exec` (which execs it).
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: dataFolder)
    }
}
