import ArgumentParser
import EmojiArtCore
import EmojiArtRender
import Foundation

/// `emojiart render FILE -o OUT`: the artwork as PNG, SVG or PDF, headless (SPEC E1, E2).
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a document to a PNG, SVG or PDF file, without a display.",
        discussion: """
            The format follows the output's extension (.png, .svg, .pdf). By default the picture holds
            the background and every emoji at scale 1: one document point is one pixel, so the
            background keeps its own pixel size. Uncovered areas are white unless --transparent.
            A URL background is downloaded with the app's limits (10 s to connect, 30 s in all,
            50 MB); --offline renders without it. An empty document gives a small blank picture.

            Exit status: 0 done; 1 the document cannot be read; 2 the background could not be
            loaded; 3 the output cannot be written (or would be too large); 64 usage error.
            """
    )

    @Argument(help: "The .emojiart document to render.", completion: .file(extensions: ["emojiart"]))
    var file: String

    @Option(name: .shortAndLong, help: "The output file: .png, .svg or .pdf.")
    var output: String

    @Option(help: "Output pixels per document point (default 1).")
    var scale: Double?

    @Option(help: "The picture’s width in pixels (instead of --scale).")
    var width: Int?

    @Option(help: "What to show: both (background and emojis), background, or content (the emojis).")
    var area: ExportOptions.Area = .both

    @Flag(help: "Leave uncovered areas transparent instead of white.")
    var transparent = false

    @Flag(help: "Make no network request; a URL background is left out.")
    var offline = false

    func validate() throws {
        guard ExportOptions.Format(fileExtension: URL(fileURLWithPath: output).pathExtension) != nil else {
            throw ValidationError(localized("The output must end in .png, .svg or .pdf (got “{output}”).", ["output": output]))
        }
        if scale != nil, width != nil { throw ValidationError(localized("Give --scale or --width, not both.")) }
        if let scale, !(scale.isFinite && scale > 0) { throw ValidationError(localized("--scale must be a positive number.")) }
        if let width, width < 1 { throw ValidationError(localized("--width must be at least 1.")) }
    }

    func run() throws {
        let model = try readDocumentOrExit(file)
        let background: BackgroundImage?
        do {
            background = try HeadlessBackground.load(model.background, offline: offline, inRoom: model.collab != nil)
        } catch {
            printError("emojiart: \(error)")
            throw ExitCode(2)
        }
        let outputURL = URL(fileURLWithPath: output)
        let options = ExportOptions(
            format: ExportOptions.Format(fileExtension: outputURL.pathExtension)!,
            size: width.map { .width($0) } ?? .scale(scale ?? 1), area: area, isTransparent: transparent)
        do {
            let data = try DocumentExporter().export(model, background: background, options: options)
            try AtomicFile.write(data, to: outputURL)
        } catch {
            printError("emojiart: \(error)")
            throw ExitCode(3)
        }
    }
}

extension ExportOptions.Area: ExpressibleByArgument {}
