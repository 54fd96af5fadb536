import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// H1 says a version costs the edit path nothing: the release binary under Xvfb opens the uniform
/// 100k-emoji art, nudges an emoji, rests for the (shortened) quiet period so a version of the
/// whole document is taken, and goes on nudging while it is written. The longest main-thread stall
/// of that stretch (the app's stall monitor, through its trace) is set beside the same input with
/// versions off (a quiet period longer than the run), launched alternately.
enum VersionStallBenchmarks {
    static let rounds = 3
    static let quietSeconds = 1.0
    /// The nudges after the rest: 50 Right presses 40 ms apart, 2 s of steady editing.
    static let nudges = 50
    static let nudgeDelayMilliseconds = 40
    /// Ctrl+scroll notches in before editing: about a hundredth of the drawing in view.
    static let zoomNotches = 10
    /// The stall monitor's 5 ms timer keeps an idle app a little busy: 1% of a core counts as idle.
    static let stallMonitorAllowance: UInt64 = 2_000_000

    struct Stretch {
        var longestStall: Double
        /// How long each version's write took, off the main thread.
        var versionWrites: [Double]
    }

    @Sendable static func run() throws -> [Row] {
        guard Tools.isAvailable("Xvfb"), Tools.isAvailable("xdotool") else {
            return [Row(name: "version while editing", value: "skipped", note: "Xvfb or xdotool is not installed")]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-versions-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let emojiart = try Tools.emojiart()
        let art = try EmojiArtEncoder().encode(Workloads.model(emojiCount: 100_000, blank: true))
        let display = try VirtualDisplay()
        defer { display.stop() }

        var withVersions: [Stretch] = []
        var without: [Stretch] = []
        for round in 0..<rounds {
            for keepsVersions in round.isMultiple(of: 2) ? [true, false] : [false, true] {
                // A fresh copy each launch: the nudges are autosaved into it.
                let file = folder.appendingPathComponent("art100k-\(round)-\(keepsVersions).emojiart")
                try art.write(to: file)
                let stretch = try editingStretch(of: emojiart, file, keepingVersions: keepsVersions, on: display, in: folder)
                if keepsVersions { withVersions.append(stretch) } else { without.append(stretch) }
            }
        }
        let stalls = withVersions.map(\.longestStall)
        let reference = without.map(\.longestStall)
        let writes = withVersions.flatMap(\.versionWrites)
        return [
            Row(
                name: "version while editing, 100k emojis: longest main-thread stall",
                value: milliseconds(stalls.median),
                note: String(
                    format:
                        "target ≤ 16 ms; %@ with versions off; worst launch %@; each version written in %@ off the main thread (median of %d); %d launches each",
                    milliseconds(reference.median), milliseconds(stalls.max() ?? 0), milliseconds(writes.median), writes.count,
                    rounds))
        ]
    }

    /// One launch: the longest stall from the first nudge until the app is idle after the last,
    /// and the versions written meanwhile.
    private static func editingStretch(
        of emojiart: String, _ file: URL, keepingVersions: Bool, on display: VirtualDisplay, in folder: URL
    ) throws -> Stretch {
        let quiet = keepingVersions ? quietSeconds : 3600
        let app = try display.start(
            emojiart, [file.path], in: folder,
            environment: [
                "EMOJIART_STALL_REPORT": folder.appendingPathComponent("stall-\(UUID().uuidString)").path,
                "EMOJIART_VERSION_QUIET_SECONDS": String(quiet),
            ])
        defer { app.stop() }
        guard app.waitFor("first-frame", timeout: 60) != nil else {
            throw BenchmarkError(description: "\(file.lastPathComponent) drew no first frame within 60 s")
        }
        let pid = app.process.processIdentifier
        try AppCPU.waitUntilIdle(pid, timeout: 30, allowance: stallMonitorAllowance)
        // The default window is 960 × 720 at the screen's corner; the art covers its canvas. Zoomed
        // in on a part of the drawing, as one edits a big one, a click selects an emoji there.
        try xdotool(display, ["mousemove", "--sync", "480", "400", "keydown", "ctrl"])
        for _ in 0..<zoomNotches { try xdotool(display, ["click", "4"]) }
        try xdotool(display, ["keyup", "ctrl"])
        try AppCPU.waitUntilIdle(pid, timeout: 30, allowance: stallMonitorAllowance)
        try xdotool(display, ["click", "1"])
        try AppCPU.waitUntilIdle(pid, timeout: 30, allowance: stallMonitorAllowance)
        // The first change keeps the document as it was opened, with versions on or off: before
        // the stretch, so the reference writes no version in it.
        try xdotool(display, ["key", "Left"])
        try AppCPU.waitUntilIdle(pid, timeout: 30, allowance: stallMonitorAllowance)

        let start = bootMilliseconds()
        try xdotool(display, ["key", "Right"])
        usleep(useconds_t((quietSeconds + 0.05) * 1_000_000))
        try xdotool(display, ["key", "--delay", String(nudgeDelayMilliseconds)] + Array(repeating: "Right", count: nudges))
        try AppCPU.waitUntilIdle(pid, timeout: 30, allowance: stallMonitorAllowance)
        let end = bootMilliseconds()

        let inStretch = { (event: [String: Double]) in (event["boot"] ?? 0) >= start && (event["boot"] ?? 0) <= end }
        let longest = app.events("stall").filter(inStretch).compactMap { $0["gap-us"] }.max().map { $0 / 1000 } ?? 0
        let started = app.events("version-started").filter(inStretch).compactMap { $0["boot"] }
        let written = app.events("version-written").filter(inStretch).compactMap { $0["boot"] }
        if keepingVersions, written.isEmpty {
            throw BenchmarkError(description: "no version was written while editing \(file.lastPathComponent)")
        }
        if !keepingVersions, !written.isEmpty {
            throw BenchmarkError(description: "a version was written with versions off")
        }
        return Stretch(longestStall: longest, versionWrites: zip(started, written).map { $1 - $0 })
    }

    private static func xdotool(_ display: VirtualDisplay, _ arguments: [String]) throws {
        _ = try ChildRun.run("env", ["DISPLAY=\(display.name)", "xdotool"] + arguments)
    }

    /// CLOCK_BOOTTIME in milliseconds: the clock the app's trace writes as `boot`.
    private static func bootMilliseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
    }
}
