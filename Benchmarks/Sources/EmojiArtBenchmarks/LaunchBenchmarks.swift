import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// Real launches under Xvfb, timed by the apps themselves (EMOJIART_TRACE): from the process's
/// start to the first frame that drew the whole document, next to a bare C GTK 4 + libadwaita
/// window's first frame (the floor) and to CPython's `json.load` of the 100k file as a whole
/// process — all in the same run, interleaved so they share the machine's load; each
/// ratio is the median of the rounds' ratios.
/// Also the peak resident memory of the app holding the 100k document against the bare window's.
enum LaunchBenchmarks {
    /// A single launch's time varies by ±10% on these shared machines (seen from the bare window
    /// alone); with 15 rounds the medians' ratios move by a few percent from run to run.
    static let launches = 15

    @Sendable static func run() throws -> [Row] {
        guard Tools.isAvailable("Xvfb") else { return [Row(name: "launches", value: "skipped", note: "Xvfb is not installed")] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-launch-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let emojiart = try Tools.emojiart()
        let bare = try Tools.bareWindow(in: folder)
        let art10k = try Workloads.write(Workloads.model(emojiCount: 10_000, blank: true), named: "art10k", in: folder)
        let art100k = try Workloads.write(Workloads.model(emojiCount: 100_000, blank: true), named: "art100k", in: folder)
        let fileBytes = try FileManager.default.attributesOfItem(atPath: art100k.path)[.size] as? Int ?? 0
        // Shaped like users' drawings: every emoji its own size, some turned — 3,000 of
        // 60 kinds and 100,000 of 10, the shapes the issue measured.
        let user3k = try Workloads.write(UserShapedArt.model(emojiCount: 3_000, kinds: 60), named: "user3k", in: folder)
        let user100k = try Workloads.write(UserShapedArt.model(emojiCount: 100_000, kinds: 10), named: "user100k", in: folder)
        let userScript = "import json; json.load(open('\(user100k.path)', encoding='utf-8'))"

        let display = try VirtualDisplay()
        defer { display.stop() }
        var floor: [Double] = []
        var empty: [Double] = []
        var small: [Double] = []
        var large: [Double] = []
        var json: [Double] = []
        var bareMemory: [Double] = []
        var largeMemory: [Double] = []
        var userSmall: [Double] = []
        var userLarge: [Double] = []
        var userJSON: [Double] = []
        var userFloor: [Double] = []
        var userSmallExact: [Double] = []
        var userLargeMemory: [Double] = []
        let script = "import json; json.load(open('\(art100k.path)', encoding='utf-8'))"
        let steps: [() throws -> Void] = [
            {
                let bareLaunch = try display.launch(bare, [], in: folder)
                floor.append(bareLaunch.firstFrame)
                bareMemory.append(bareLaunch.peakMiB)
            },
            { empty.append(try display.launch(emojiart, [], in: folder).firstFrame) },
            { small.append(try display.launch(emojiart, [art10k.path], in: folder).firstFrame) },
            {
                let largeLaunch = try display.launch(emojiart, [art100k.path], in: folder)
                large.append(largeLaunch.firstFrame)
                largeMemory.append(largeLaunch.peakMiB)
            },
            { json.append(try ChildRun.milliseconds("python3", ["-c", script])) },
            {
                // The user documents' references, launched next to them.
                userFloor.append(try display.launch(bare, [], in: folder).firstFrame)
                let launch = try display.launch(emojiart, [user3k.path], in: folder)
                userSmall.append(launch.firstFrame)
                userSmallExact.append(launch.exactFrame ?? .nan)
            },
            {
                userJSON.append(try ChildRun.milliseconds("python3", ["-c", userScript]))
                let launch = try display.launch(emojiart, [user100k.path], in: folder)
                userLarge.append(launch.firstFrame)
                userLargeMemory.append(launch.peakMiB)
            },
        ]
        // Each round starts one step later, so no launch always follows the same one.
        for round in 0..<launches {
            for index in steps.indices { try steps[(round + index) % steps.count]() }
        }
        let memoryBudget = 2 * bareMemory.median + 4 * Double(fileBytes) / 1_048_576
        return [
            Row(name: "launch: bare GTK 4 + libadwaita window", value: milliseconds(floor.median), note: "first frame; the floor"),
            Row(
                name: "launch: emojiart, untitled", value: milliseconds(empty.median),
                note: ratioNote(empty, to: floor, reference: "the bare window", target: "≤ 1.2×")),
            Row(
                name: "launch: emojiart art10k", value: milliseconds(small.median),
                note: ratioNote(small, to: floor, reference: "the bare window", target: "≤ 1.3×")),
            Row(
                name: "launch: emojiart art100k", value: milliseconds(large.median),
                note: ratioNote(large, to: json, reference: "json.load", target: "≤ 1.5×")),
            Row(
                name: "  CPython json.load of art100k, whole process", value: milliseconds(json.median),
                note: String(format: "%.1f MB", Double(fileBytes) / 1_048_576)),
            Row(
                name: "peak memory, emojiart art100k", value: String(format: "%.0f MiB", largeMemory.median),
                note: String(format: "budget 2 × bare (%.0f MiB) + 4 × file = %.0f MiB", bareMemory.median, memoryBudget)),
            Row(
                name: "launch: emojiart user3k (60 kinds, sizes 10–200)", value: milliseconds(userSmall.median),
                note: ratioNote(userSmall, to: userFloor, reference: "the bare window", target: "≤ 1.3×")),
            Row(
                name: "  every raster exact", value: milliseconds(userSmallExact.median),
                note: ratioNote(userSmallExact, to: userFloor, reference: "the bare window", target: "none; after the first frame")),
            Row(
                name: "launch: emojiart user100k (10 kinds, sizes 10–200)", value: milliseconds(userLarge.median),
                note: ratioNote(userLarge, to: userJSON, reference: "its json.load", target: "≤ 1.5×")),
            Row(
                name: "peak memory, emojiart user100k", value: String(format: "%.0f MiB", userLargeMemory.median),
                note: String(format: "budget as art100k's: %.0f MiB", memoryBudget)),
        ]
    }
}

/// The ratio of each round's launch to that round's reference, launched just before or after
/// it, so a machine that slows down for a while slows both: the median, and the middle half of
/// the rounds.
private func ratioNote(_ launches: [Double], to references: [Double], reference: String, target: String) -> String {
    let ratios = zip(launches, references).map { $0 / $1 }.sorted()
    let quartile = { (fraction: Double) in ratios[Int(fraction * Double(ratios.count - 1))] }
    let twoPlaces = { (ratio: Double) in String(format: "%.2f", ratio) }
    return "\(twoPlaces(ratios.median))× \(reference) (target \(target); middle half of rounds "
        + "\(twoPlaces(quartile(0.25)))–\(twoPlaces(quartile(0.75)))×)"
}

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

    /// Starts `executable` with a fresh HOME and a trace file, waits for its `first-frame` line
    /// (30 s at most), reads its peak memory, and ends it.
    func launch(_ executable: String, _ arguments: [String], in folder: URL) throws -> Launch {
        let home = folder.appendingPathComponent("home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
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
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
            waitUntilServerIsIdle()
        }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let milliseconds = Self.event("first-frame", in: trace) {
                let peak = Self.peakMiB(of: process.processIdentifier)
                var exact = Self.event("exact-frame", in: trace)
                let exactDeadline = Date().addingTimeInterval(1)
                while exact == nil, Date() < exactDeadline {
                    usleep(2_000)
                    exact = Self.event("exact-frame", in: trace)
                }
                return Launch(firstFrame: milliseconds, peakMiB: peak, exactFrame: exact)
            }
            usleep(2_000)
        }
        throw BenchmarkError(description: "\(executable) \(arguments) drew no first frame within 30 s")
    }

    /// Waits (2 s at most) until the server has used no CPU for 30 ms: after a client quits, the
    /// server frees its windows and pictures, and a launch started meanwhile would share the
    /// cores with that — which the bare window, launched after a process that is no X client,
    /// never did.
    private func waitUntilServerIsIdle() {
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

    private static func event(_ name: String, in trace: URL) -> Double? {
        guard let text = try? String(contentsOf: trace, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["event"] as? String == name
            else { continue }
            return (object["ms"] as? NSNumber)?.doubleValue
        }
        return nil
    }

    private static func peakMiB(of pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
}
