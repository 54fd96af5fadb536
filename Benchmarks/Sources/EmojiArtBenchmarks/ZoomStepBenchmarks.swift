import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// Ctrl+scroll zoom steps as a user takes them, measured from outside the app: the release
/// binary under Xvfb opens a document in its default window, and once it is idle each notch
/// (xdotool, the pointer on the canvas) costs the CPU time all its threads use until it is idle
/// again — the frames, the rasters made off the main thread, GTK. The user-shaped 3,000-emoji
/// drawing next to the uniform 10k art, launched alternately.
enum ZoomStepBenchmarks {
    static let rounds = 5
    static let notches = 3

    @Sendable static func run() throws -> [Row] {
        guard Tools.isAvailable("Xvfb"), Tools.isAvailable("xdotool") else {
            return [Row(name: "zoom steps", value: "skipped", note: "Xvfb or xdotool is not installed")]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-zoom-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let emojiart = try Tools.emojiart()
        let uniform = try Workloads.write(Workloads.model(emojiCount: 10_000, blank: true), named: "art10k", in: folder)
        let user = try Workloads.write(UserShapedArt.model(emojiCount: 3_000, kinds: 60), named: "user3k", in: folder)
        let display = try VirtualDisplay()
        defer { display.stop() }

        var uniformSteps: [[Double]] = []
        var userSteps: [[Double]] = []
        for round in 0..<rounds {
            let order = round.isMultiple(of: 2) ? [uniform, user] : [user, uniform]
            for file in order {
                let steps = try zoomSteps(of: emojiart, file, on: display, in: folder)
                if file == uniform { uniformSteps.append(steps) } else { userSteps.append(steps) }
            }
        }
        // Per notch, the median over the rounds; the ratio per round and notch, then its median.
        func perNotch(_ steps: [[Double]]) -> [Double] { (0..<notches).map { notch in steps.map { $0[notch] }.median } }
        let ratios = zip(userSteps, uniformSteps).flatMap { user, uniform in zip(user, uniform).map { $0 / $1 } }
        let listed = { (values: [Double]) in values.map { String(format: "%.1f", $0) }.joined(separator: ", ") + " ms" }
        return [
            Row(
                name: "zoom steps (CPU, whole app), uniform 10k art", value: listed(perNotch(uniformSteps)),
                note: "\(notches) Ctrl+scroll notches, each until the app is idle; medians of \(rounds) launches"),
            Row(
                name: "zoom steps (CPU, whole app), user art 3,000", value: listed(perNotch(userSteps)),
                note: String(format: "%.2f× the uniform art's steps (target ≤ 2×)", ratios.median)),
        ]
    }

    /// Opens `file`, waits until the window is exact and idle, then takes the notches one by
    /// one: the app's CPU milliseconds for each.
    private static func zoomSteps(of emojiart: String, _ file: URL, on display: VirtualDisplay, in folder: URL) throws -> [Double] {
        let app = try display.start(emojiart, [file.path], in: folder)
        defer { app.stop() }
        guard app.waitFor("first-frame", timeout: 30) != nil else {
            throw BenchmarkError(description: "\(file.lastPathComponent) drew no first frame within 30 s")
        }
        let pid = app.process.processIdentifier
        try AppCPU.waitUntilIdle(pid)
        // The default window is 960 × 720 at the screen's corner: its middle is on the canvas.
        _ = try ChildRun.run("env", ["DISPLAY=\(display.name)", "xdotool", "mousemove", "--sync", "480", "400"])
        try AppCPU.waitUntilIdle(pid)
        var steps: [Double] = []
        for _ in 0..<notches {
            let before = AppCPU.threadCPU(of: pid)
            _ = try ChildRun.run("env", ["DISPLAY=\(display.name)", "xdotool", "keydown", "ctrl", "click", "4", "keyup", "ctrl"])
            try AppCPU.waitUntilIdle(pid)
            steps.append(Double(AppCPU.cpuUsed(since: before, by: pid)) / 1e6)
        }
        return steps
    }
}
