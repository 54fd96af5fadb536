import EmojiArtCore
import Foundation

/// Prints the benchmark table. Run in release mode: swift run -c release --package-path Benchmarks
struct Row {
    var name: String
    var value: String
    var note: String
}

var rows: [Row] = []

// Decode and encode of a 100,000-emoji document (DESIGN "JSON speed": CPython's json.load of the
// same file is the bar; issue #6 puts it next to ours in the same run).
let bigModel = Workloads.model(emojiCount: 100_000)
let encoded = EmojiArtEncoder().encode(bigModel)
let encodeMilliseconds = Measure.medianMilliseconds(runs: 5) { _ = EmojiArtEncoder().encode(bigModel) }
var decodedCount = 0
let decodeMilliseconds = try Measure.medianMilliseconds(runs: 5) {
    decodedCount = try EmojiArtDecoder().decode(encoded).emojis.count
}
precondition(decodedCount == 100_000, "the benchmark document did not decode whole")
rows.append(Row(name: "encode 100k emojis", value: String(format: "%.1f ms", encodeMilliseconds),
                note: String(format: "%.1f MB of JSON", Double(encoded.count) / 1_048_576)))
rows.append(Row(name: "decode 100k emojis", value: String(format: "%.1f ms", decodeMilliseconds), note: "our UTF-8 scanner"))

let file = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-100k.emojiart")
try encoded.write(to: file)
defer { try? FileManager.default.removeItem(at: file) }
let python = """
    import json, time
    best = []
    for _ in range(5):
        t = time.perf_counter(); json.load(open('\(file.path)', encoding='utf-8')); best.append(time.perf_counter() - t)
    print(sorted(best)[2] * 1000)
    """
let process = Process()
process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
process.arguments = ["python3", "-c", python]
let pipe = Pipe()
process.standardOutput = pipe
if (try? process.run()) != nil {
    process.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    if let milliseconds = Double(output.trimmingCharacters(in: .whitespacesAndNewlines)) {
        rows.append(Row(name: "CPython json.load, same file", value: String(format: "%.1f ms", milliseconds),
                        note: String(format: "ours is %.2f× its time", decodeMilliseconds / milliseconds)))
    }
}

// Memory held by 1,000 undoable moves of one emoji in a 10,000-emoji document: each step must
// hold what changed (two emoji values), never a copy of the emoji array (~0.6 MB each).
let historyBytes: Int? = await MainActor.run {
    let document = EmojiArtDocument(model: Workloads.model(emojiCount: 10_000))
    let baseline = Measure.allocatedBytes()
    for _ in 0..<1_000 {
        document.moveEmojis([5_000], by: DocumentVector(dx: 1, dy: 1))
    }
    precondition(document.undoStack.undoCount == 1_000)
    guard let baseline, let after = Measure.allocatedBytes() else {
        print("no malloc statistics: baseline \(String(describing: baseline))")
        return nil
    }
    return withExtendedLifetime(document) { after - baseline }
}
if let historyBytes {
    rows.append(Row(name: "undo history, 1,000 moves in a 10k doc", value: String(format: "%.0f KB", Double(historyBytes) / 1024),
                    note: "target: under 1 MB"))
}
rows += FrameBenchmarks.run()

if let peak = Measure.peakResidentMiB() {
    rows.append(Row(name: "peak resident memory of this run", value: String(format: "%.0f MiB", peak), note: ""))
}

let nameWidth = rows.map(\.name.count).max() ?? 0
let valueWidth = rows.map(\.value.count).max() ?? 0
print("EmojiArt benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
for row in rows {
    let name = row.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
    let value = String(repeating: " ", count: valueWidth - row.value.count) + row.value
    print("  \(name)  \(value)  \(row.note)")
}
