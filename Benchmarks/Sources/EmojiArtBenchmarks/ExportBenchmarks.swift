import EmojiArtCore
import EmojiArtRender
import Foundation

/// PNG export of the 10k art next to rsvg-convert rendering our own SVG export of it to a PNG
/// of the same size, in the same run.
enum ExportBenchmarks {
    @Sendable static func run() throws -> [Row] {
        let model = Workloads.model(emojiCount: 10_000)
        let exporter = DocumentExporter()
        var png = Data()
        let pngTime = try Measure.medianMilliseconds(runs: 5) {
            png = try exporter.export(model, background: nil, options: ExportOptions(format: .png))
        }
        let svg = try exporter.export(model, background: nil, options: ExportOptions(format: .svg))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("emojiart-bench-export-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svgFile = folder.appendingPathComponent("art.svg")
        try svg.write(to: svgFile)
        let geometry = try ExportGeometry(model: model, backgroundSize: nil, options: ExportOptions(format: .png))
        var rows = [
            Row(name: "PNG export, 10k emojis", value: milliseconds(pngTime),
                note: "\(geometry.pixelWidth)×\(geometry.pixelHeight), \(png.count / 1024) KB; SVG \(svg.count / 1024) KB"),
        ]
        let arguments = ["-w", "\(geometry.pixelWidth)", "-h", "\(geometry.pixelHeight)", "-o", folder.appendingPathComponent("rsvg.png").path, svgFile.path]
        if (try? ChildRun.run("rsvg-convert", ["--version"]))?.isEmpty == false {
            let reference = try ChildRun.medianMilliseconds(runs: 3, "rsvg-convert", arguments)
            rows.append(Row(name: "rsvg-convert of our SVG, same size", value: milliseconds(reference),
                            note: String(format: "ours is %.1f× faster (target ≥ 20×)", reference / pngTime)))
        }
        return rows
    }
}
