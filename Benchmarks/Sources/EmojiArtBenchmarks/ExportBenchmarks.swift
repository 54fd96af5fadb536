import EmojiArtCore
import EmojiArtRender
import Foundation

/// Export of the 10k art as whole processes, as a user runs it: `emojiart render` to PNG at
/// 1920 px, next to `rsvg-convert` turning our own SVG of the same art into a PNG of the same
/// size (the target: ≥ 30× faster), and our SVG and PDF exports; plus the PNG encoder in-process.
enum ExportBenchmarks {
    @Sendable static func run() throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-export-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = Workloads.model(emojiCount: 10_000)
        let document = try Workloads.write(model, named: "art10k", in: folder)
        let emojiart = try Tools.emojiart()
        func output(_ name: String) -> String { folder.appendingPathComponent(name).path }

        // In-process: the PNG export alone (draw + encode), without process start-up.
        let exporter = DocumentExporter()
        var png = Data()
        let options = ExportOptions(format: .png, size: .width(1920))
        let inProcess = try Measure.medianMilliseconds(runs: 7) { png = try exporter.export(model, background: nil, options: options) }

        let renderArguments = { (file: String) in ["render", document.path, "-o", output(file), "--width", "1920", "--offline"] }
        _ = try ChildRun.run(emojiart, renderArguments("art.svg"))
        let svgBytes = (try? Data(contentsOf: URL(fileURLWithPath: output("art.svg"))).count) ?? 0
        let geometry = try ExportGeometry(model: model, backgroundSize: nil, options: options)
        let rsvgArguments = ["-w", "\(geometry.pixelWidth)", "-h", "\(geometry.pixelHeight)", "-o", output("rsvg.png"), output("art.svg")]

        // Interleaved, so both see the same load.
        var ours: [Double] = []
        var reference: [Double] = []
        let hasRsvg = Tools.isAvailable("rsvg-convert")
        for round in 0..<7 {
            ours.append(try ChildRun.milliseconds(emojiart, renderArguments("art.png")))
            if hasRsvg && round < 3 { reference.append(try ChildRun.milliseconds("rsvg-convert", rsvgArguments)) }
        }
        let svg = try ChildRun.medianMilliseconds(runs: 5, emojiart, renderArguments("art2.svg"))
        let pdf = try ChildRun.medianMilliseconds(runs: 5, emojiart, renderArguments("art.pdf"))
        let pngBytes = (try? Data(contentsOf: URL(fileURLWithPath: output("art.png"))).count) ?? 0

        var rows = [
            Row(
                name: "emojiart render 10k → PNG, whole process", value: milliseconds(ours.median),
                note: "\(geometry.pixelWidth)×\(geometry.pixelHeight), \(pngBytes / 1024) KB")
        ]
        if hasRsvg {
            rows.append(
                Row(
                    name: "  rsvg-convert of our SVG, same size", value: milliseconds(reference.median),
                    note: String(format: "ours is %.1f× faster (target ≥ 30×)", reference.median / ours.median)))
        }
        rows += [
            Row(name: "  PNG export in-process (draw + encode)", value: milliseconds(inProcess), note: "\(png.count / 1024) KB"),
            Row(
                name: "emojiart render 10k → SVG, whole process", value: milliseconds(svg),
                note: "\(svgBytes / 1024) KB, colour emojis as images"),
            Row(name: "emojiart render 10k → PDF, whole process", value: milliseconds(pdf), note: ""),
        ]
        return rows
    }
}
