import EmojiArtCore
import EmojiArtTestSupport
import Foundation

/// Frames while a gesture lasts (G6), as a user feels them: the release binary under Xvfb opens
/// a drawing at a known view, then xdotool sends each gesture's events at 120 Hz for 2 s, the
/// way GTK receives a mouse's or touchpad's — Ctrl+scroll notches zooming in and out, a drag on
/// the background panning, a drag of 300 selected emojis. The app's frame clock traces every
/// frame it paints (EMOJIART_FRAME_TRACE); its stall monitor, every gap of 8 ms or more on the
/// main thread. Per gesture: frames a second, the longest gap between two frames, the longest
/// stall, and the CPU all the app's threads used. A user-shaped drawing of 10,000 emojis (150
/// kinds, ZWJ sequences and flags among them, 16–180 pt, a tenth turned, on a 4,000-px photo)
/// beside the uniform 10k art, launched alternately.
enum GestureBenchmarks {
    static let rounds = 3
    /// The events of one gesture: 2 s at 120 Hz.
    static let steps = 240
    static let stepSeconds = "0.008"
    /// The view both drawings open at (saved window state): all of the 1,920 × 1,080 area shows.
    static let zoom = 0.4
    /// What the app may use in AppCPU's quiet period and count as idle: the stall monitor's timer
    /// alone wakes it 200 times a second.
    static let idleAllowance: UInt64 = 3_000_000

    enum Gesture: String, CaseIterable {
        case zoom = "zoom (Ctrl+scroll)"
        case drag = "drag of 300 selected"
        case pan = "pan (drag)"
    }

    struct Measurement {
        var framesPerSecond: Double
        var longestGap: Double
        var longestStall: Double
        var cpuPerSecond: Double
    }

    @Sendable static func run() throws -> [Row] {
        guard Tools.isAvailable("Xvfb"), Tools.isAvailable("xdotool") else {
            return [Row(name: "gestures", value: "skipped", note: "Xvfb or xdotool is not installed")]
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-gestures-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let emojiart = try Tools.emojiart()
        var user = UserShapedArt.model(emojiCount: 10_000, kinds: 150, sizes: 16...180, turnedFraction: 0.1)
        user.background = .imageData(PhotoBackground.png(width: 4_000, height: 3_000))
        let drawings = [
            ("uniform 10k", Workloads.model(emojiCount: 10_000, blank: true)), ("user 10k", user),
        ]
        let files = try drawings.map { try Workloads.write($0.1, named: $0.0.replacingOccurrences(of: " ", with: "-"), in: folder) }
        let display = try VirtualDisplay()
        defer { display.stop() }

        var measured: [[Gesture: [Measurement]]] = Array(repeating: [:], count: drawings.count)
        for round in 0..<rounds {
            for index in round.isMultiple(of: 2) ? [0, 1] : [1, 0] {
                let results = try gestures(emojiart, files[index], drawings[index].1, on: display, in: folder)
                for (gesture, measurement) in results { measured[index][gesture, default: []].append(measurement) }
            }
        }
        var rows: [Row] = []
        for gesture in Gesture.allCases {
            for (index, drawing) in drawings.enumerated() {
                let runs = measured[index][gesture] ?? []
                let fps = runs.map(\.framesPerSecond)
                rows.append(
                    Row(
                        name: "\(gesture.rawValue), \(drawing.0)", value: String(format: "%.1f fps", fps.median),
                        note: String(
                            format:
                                "%.1f–%.1f fps; longest gap %.0f ms, stall %.0f ms; app CPU %.2f cores (target ≥ 55 fps, stall ≤ 16 ms)",
                            fps.min() ?? 0, fps.max() ?? 0, runs.map(\.longestGap).max() ?? 0,
                            runs.map(\.longestStall).max() ?? 0, runs.map(\.cpuPerSecond).median)))
            }
        }
        return rows
    }

    /// Opens `file` at the benchmark's view, then runs each gesture once.
    private static func gestures(
        _ emojiart: String, _ file: URL, _ model: EmojiArtModel, on display: VirtualDisplay, in folder: URL
    ) throws -> [(Gesture, Measurement)] {
        let state = folder.appendingPathComponent("state-\(UUID().uuidString)")
        let locations = StorageLocations(environment: ["XDG_STATE_HOME": state.path, "HOME": folder.path])
        try WindowStateStore(stateDirectory: locations.stateDirectory).save(
            WindowState(zoom: zoom, panX: 0, panY: 0, windowWidth: 960, windowHeight: 720), for: file)
        let app = try display.start(
            emojiart, [file.path], in: folder,
            environment: [
                "XDG_STATE_HOME": state.path, "EMOJIART_FRAME_TRACE": "1",
                "EMOJIART_STALL_REPORT": folder.appendingPathComponent("stall-\(UUID().uuidString)").path,
            ])
        defer { app.stop() }
        guard app.waitFor("exact-frame", timeout: 60) != nil, app.waitFor("canvas-bounds", timeout: 10) != nil,
            let bounds = app.events("canvas-bounds").first
        else {
            throw BenchmarkError(description: "\(file.lastPathComponent) drew no exact frame within 60 s")
        }
        let canvas = CanvasOnScreen(bounds: bounds, zoom: zoom)
        let pid = app.process.processIdentifier
        let xdotool = { (arguments: [String]) in _ = try ChildRun.run("env", ["DISPLAY=\(display.name)", "xdotool"] + arguments) }
        let measure = { (gesture: Gesture, arguments: [String]) throws -> (Gesture, Measurement) in
            try AppCPU.waitUntilIdle(pid, timeout: 60, allowance: idleAllowance)
            let cpuBefore = AppCPU.threadCPU(of: pid)
            let start = bootMilliseconds()
            try xdotool(arguments)
            let end = bootMilliseconds()
            let cpu = Double(AppCPU.cpuUsed(since: cpuBefore, by: pid)) / 1e6
            // A frame the last events asked for is painted within a frame's time after them.
            usleep(50_000)
            let frames = app.events("frame").compactMap(\.["boot"]).filter { $0 >= start && $0 <= end + 20 }
            let gaps = zip(frames.dropFirst(), frames).map { $0 - $1 }
            let stalls = app.events("stall").filter { ($0["boot"] ?? 0) >= start && ($0["boot"] ?? 0) <= end + 20 }
            let seconds = (end - start) / 1000
            return (
                gesture,
                Measurement(
                    framesPerSecond: Double(frames.count) / seconds, longestGap: gaps.max() ?? (end - start),
                    longestStall: (stalls.compactMap(\.["gap-us"]).max() ?? 0) / 1000, cpuPerSecond: cpu / 1000 / seconds)
            )
        }

        var results: [(Gesture, Measurement)] = []
        // Ctrl+scroll: twelve notches in, twelve out, ten times, the pointer on the middle.
        var zoomEvents = ["mousemove", "--sync", "\(canvas.center.x)", "\(canvas.center.y)", "keydown", "ctrl"]
        for _ in 0..<(steps / 24) {
            zoomEvents += ["click", "--repeat", "12", "--delay", "8", "4", "sleep", stepSeconds]
            zoomEvents += ["click", "--repeat", "12", "--delay", "8", "5", "sleep", stepSeconds]
        }
        results.append(try measure(.zoom, zoomEvents + ["keyup", "ctrl"]))

        // 300 emojis selected with a rubber band (Shift+drag from the empty paper above their
        // top-left), then a drag of one of them, which moves them all, out and back.
        let selection = SelectionPlan(model: model, count: 300)
        let bandStart = canvas.screenPoint(for: selection.bandStart)
        let bandEnd = canvas.screenPoint(for: selection.bandEnd)
        try AppCPU.waitUntilIdle(pid, timeout: 60, allowance: idleAllowance)
        try xdotool(
            ["keydown", "shift", "mousemove", "--sync", "\(bandStart.x)", "\(bandStart.y)", "mousedown", "1"]
                + path(from: bandStart, to: bandEnd, steps: 10) + ["mouseup", "1", "keyup", "shift"])
        let grip = canvas.screenPoint(for: selection.grip)
        results.append(
            try measure(
                .drag,
                ["mousemove", "--sync", "\(grip.x)", "\(grip.y)", "mousedown", "1"] + outAndBack(from: grip, by: (240, 120))
                    + ["mouseup", "1"]))

        // A drag on the background (the paper beside the drawing) pans the view, out and back,
        // with nothing selected: the selection's frame has a corner handle within reach of the
        // band's start, and a press there scales the 300 emojis instead.
        try xdotool(["key", "Escape"])
        let paper = canvas.screenPoint(for: selection.bandStart)
        results.append(
            try measure(
                .pan,
                ["mousemove", "--sync", "\(paper.x)", "\(paper.y)", "mousedown", "1"] + outAndBack(from: paper, by: (300, 150)) + [
                    "mouseup", "1",
                ]))
        return results
    }

    /// Pointer moves from `start` by `offset` and back, `steps` of them in all, one per 1/120 s.
    private static func outAndBack(from start: (x: Int, y: Int), by offset: (Int, Int)) -> [String] {
        let half = steps / 2
        return (1...steps).flatMap { step -> [String] in
            let progress = Double(step <= half ? step : steps - step) / Double(half)
            let x = start.x + Int(Double(offset.0) * progress)
            let y = start.y + Int(Double(offset.1) * progress)
            return ["mousemove", "\(x)", "\(y)", "sleep", stepSeconds]
        }
    }

    private static func path(from start: (x: Int, y: Int), to end: (x: Int, y: Int), steps: Int) -> [String] {
        (1...steps).flatMap { step -> [String] in
            let x = start.x + (end.x - start.x) * step / steps
            let y = start.y + (end.y - start.y) * step / steps
            return ["mousemove", "\(x)", "\(y)", "sleep", "0.02"]
        }
    }

    private static func bootMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_BOOTTIME, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}

/// Where the canvas is on the screen (its rectangle in the window, traced by the app; the window
/// at the screen's corner, as Xvfb without a window manager puts it), at the saved view: zoom
/// `zoom`, no pan, the document's origin in the canvas's middle.
private struct CanvasOnScreen {
    let origin: (x: Double, y: Double)
    let size: ViewSize
    let viewport: Viewport

    init(bounds: [String: Double], zoom: Double) {
        origin = (bounds["x"] ?? 0, bounds["y"] ?? 0)
        size = ViewSize(width: bounds["width"] ?? 0, height: bounds["height"] ?? 0)
        viewport = Viewport(zoom: zoom)
    }

    var center: (x: Int, y: Int) { (Int(origin.x + size.width / 2), Int(origin.y + size.height / 2)) }

    func screenPoint(for point: DocumentPoint) -> (x: Int, y: Int) {
        let view = viewport.viewPoint(for: point, in: size)
        return (Int((origin.x + view.x).rounded()), Int((origin.y + view.y).rounded()))
    }
}

/// A rubber band that selects about `count` emojis from the drawing's top-left corner, starting
/// on paper no emoji covers, and an emoji of the selection on top where it is gripped.
private struct SelectionPlan {
    let bandStart: DocumentPoint
    let bandEnd: DocumentPoint
    let grip: DocumentPoint

    init(model: EmojiArtModel, count: Int) {
        let bounds = model.emojis.map(\.frame).reduce(model.emojis[0].frame) { $0.union($1) }
        var start = DocumentPoint(x: bounds.minX - 8, y: bounds.minY - 8)
        while model.topmostEmoji(at: start) != nil { start = DocumentPoint(x: start.x - 8, y: start.y - 8) }
        var side = 50.0
        var selected: Set<Int> = []
        while selected.count < count {
            side += 10
            selected = model.emojiIDs(
                intersecting: DocumentRect(minX: start.x, minY: start.y, maxX: start.x + side * 16 / 9, maxY: start.y + side))
        }
        bandStart = start
        bandEnd = DocumentPoint(x: start.x + side * 16 / 9, y: start.y + side)
        let gripped = model.emojis.last { selected.contains($0.id) && model.topmostEmoji(at: $0.position)?.id == $0.id }
        grip = gripped?.position ?? model.emojis[0].position
    }
}
