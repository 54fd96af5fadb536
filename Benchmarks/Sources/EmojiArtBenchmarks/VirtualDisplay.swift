import Foundation

/// A private Xvfb server for the launches.
final class VirtualDisplay {
    let name: String
    private let server: Process

    init() throws {
        // A display number of our own: the first without a lock file.
        var number = 90 + Int(getpid() % 50)
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
        name = ":\(number)"
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["Xvfb", name, "-screen", "0", "1920x1200x24", "-nolisten", "tcp"]
        server.standardError = FileHandle.nullDevice
        try server.run()
        let socket = "/tmp/.X11-unix/X\(number)"
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket) {
            guard Date() < deadline else { throw BenchmarkError(description: "Xvfb \(name) did not start") }
            usleep(20_000)
        }
    }

    func stop() {
        server.terminate()
        server.waitUntilExit()
    }

    struct Launch {
        /// Milliseconds from the process's start to its first frame, as its trace says.
        var firstFrame: Double
        /// Its peak resident memory (VmHWM) by then, in MiB.
        var peakMiB: Double
        /// Milliseconds to the first frame whose every emoji is painted from a raster of its own
        /// size, when the trace says within a second of the first frame.
        var exactFrame: Double?
    }

    /// An app started on the display with a fresh HOME and a trace file.
    final class RunningApp {
        let process: Process
        let trace: URL
        private let home: URL
        private let display: VirtualDisplay

        fileprivate init(process: Process, trace: URL, home: URL, display: VirtualDisplay) {
            self.process = process
            self.trace = trace
            self.home = home
            self.display = display
        }

        /// The milliseconds since the process started that its trace gives `event`, once written.
        func event(_ name: String) -> Double? { VirtualDisplay.event(name, in: trace) }

        /// Every `event` the trace holds so far, each line's numbers by key (`ms`, `boot`, counts).
        func events(_ name: String) -> [[String: Double]] {
            guard let text = try? String(contentsOf: trace, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap { line in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    object["event"] as? String == name
                else { return nil }
                return object.compactMapValues { ($0 as? NSNumber)?.doubleValue }
            }
        }

        /// Waits for `event` in the trace, `timeout` seconds at most.
        func waitFor(_ name: String, timeout: TimeInterval) -> Double? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let milliseconds = event(name) { return milliseconds }
                usleep(2_000)
            }
            return nil
        }

        /// Its peak resident memory (VmHWM) so far, in MiB.
        var peakMiB: Double { VirtualDisplay.peakMiB(of: process.processIdentifier) }

        /// Ends it, and waits until the display server has freed its windows.
        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: home)
            display.waitUntilServerIsIdle()
        }
    }

    /// Starts `executable` with a fresh HOME, a trace file and any `environment` of its own; the
    /// caller stops it.
    func start(_ executable: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws
        -> RunningApp
    {
        let home = folder.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let trace = home.appendingPathComponent("trace.jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
            "HOME": home.path, "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_STATE_HOME": home.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "DISPLAY": name, "GSK_RENDERER": "cairo", "GDK_BACKEND": "x11",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
            "EMOJIART_TRACE": trace.path,
        ].merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return RunningApp(process: process, trace: trace, home: home, display: self)
    }

    /// Starts `executable`, waits for its `first-frame` line (30 s at most), reads its peak
    /// memory, and ends it.
    func launch(_ executable: String, _ arguments: [String], in folder: URL) throws -> Launch {
        let app = try start(executable, arguments, in: folder)
        defer { app.stop() }
        guard let milliseconds = app.waitFor("first-frame", timeout: 30) else {
            throw BenchmarkError(description: "\(executable) \(arguments) drew no first frame within 30 s")
        }
        let peak = app.peakMiB
        let exact = app.waitFor("exact-frame", timeout: 1)
        return Launch(firstFrame: milliseconds, peakMiB: peak, exactFrame: exact)
    }

    /// Waits (2 s at most) until the server has used no CPU for 30 ms: after a client quits, the
    /// server frees its windows and pictures, and a launch started meanwhile would share the
    /// cores with that — which the bare window, launched after a process that is no X client,
    /// never did.
    fileprivate func waitUntilServerIsIdle() {
        let deadline = Date().addingTimeInterval(2)
        var last = serverCPUTicks()
        while Date() < deadline {
            usleep(30_000)
            let now = serverCPUTicks()
            if now == last { return }
            last = now
        }
    }

    /// The server's user and system CPU time so far, in clock ticks (fields 14 and 15 of its
    /// /proc stat, counted after the command name's closing parenthesis).
    private func serverCPUTicks() -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(server.processIdentifier)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    fileprivate static func event(_ name: String, in trace: URL) -> Double? {
        guard let text = try? String(contentsOf: trace, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["event"] as? String == name
            else { continue }
            return (object["ms"] as? NSNumber)?.doubleValue
        }
        return nil
    }

    fileprivate static func peakMiB(of pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
}
