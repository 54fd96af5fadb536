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
