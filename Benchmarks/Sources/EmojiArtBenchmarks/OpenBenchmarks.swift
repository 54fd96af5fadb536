import CBenchmarkPangoCairo
import EmojiArtCore
import EmojiArtRender
import Foundation

/// Opening a 100,000-emoji document: decode, then the first crisp frame, next to CPython's
/// `json.load` of the same file (DESIGN "JSON speed"); and encoding it.
enum OpenBenchmarks {
    @Sendable static func run() throws -> [Row] {
        let model = Workloads.model(emojiCount: 100_000)
        let encoded = EmojiArtEncoder().encode(model)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-100k-\(getpid()).emojiart")
        try encoded.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let encode = Measure.medianMilliseconds(runs: 5) { _ = EmojiArtEncoder().encode(model) }
        var decoded = EmojiArtModel()
        let decode = try Measure.medianMilliseconds(runs: 5) { decoded = try DocumentFile.read(from: file) }
        precondition(decoded.emojis.count == 100_000, "the benchmark document did not decode whole")

        let size = FrameBenchmarks.viewSize
        let image = ImageSurface(size: size)
        // A first frame: a fresh renderer, so its raster cache starts cold as in a new window.
        var painted = 0
        let firstFrame = Measure.medianMilliseconds(runs: 5) {
            image.clear()
            let renderer = DocumentRenderer()
            renderer.drawDirectly(
                decoded, background: nil, viewport: Viewport(), viewSize: size, deviceScale: 1, selection: [], intoImage: image.surface)
            painted = renderer.lastPaintedEmojiCount
        }
        let cairoFirstFrame = Measure.medianMilliseconds(runs: 3) {
            image.clear()
            DocumentRenderer().draw(
                decoded, background: nil, viewport: Viewport(), viewSize: size, deviceScale: 1, selection: [], into: image.context)
        }

        var rows = [
            Row(
                name: "encode 100k emojis", value: milliseconds(encode),
                note: String(format: "%.1f MB of JSON", Double(encoded.count) / 1_048_576)),
            Row(name: "decode 100k emojis (read + parse)", value: milliseconds(decode), note: "our UTF-8 scanner"),
            Row(
                name: "first frame of 100k, 1920×1080, cold cache", value: milliseconds(firstFrame),
                note: "\(painted) painted, the rest hidden; cairo emoji by emoji: \(milliseconds(cairoFirstFrame))"),
            Row(
                name: "open 100k in-process: decode + first frame", value: milliseconds(decode + firstFrame),
                note: "without GTK start-up; the launch rows below time the whole app"),
        ]
        let script = """
            import json, time
            samples = []
            for _ in range(5):
                t = time.perf_counter(); json.load(open('\(file.path)', encoding='utf-8')); samples.append(time.perf_counter() - t)
            print(sorted(samples)[2] * 1000)
            """
        if let reference = Double(try ChildRun.run("python3", ["-c", script]).trimmingCharacters(in: .whitespacesAndNewlines)) {
            rows.append(
                Row(
                    name: "CPython json.load, same file", value: milliseconds(reference),
                    note: String(
                        format: "decode %.2f×, open %.2f× its time (target ≤ 1)", decode / reference, (decode + firstFrame) / reference)))
        }
        return rows
    }
}
