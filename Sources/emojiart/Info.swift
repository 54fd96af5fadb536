import ArgumentParser
import EmojiArtCore
import Foundation

/// `emojiart info FILE [--json]`: a document's summary, or why it cannot be read (SPEC E3).
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a summary of an .emojiart document.",
        discussion: """
            Prints the format version, the background (blank, an image URL, or an embedded image),
            the number of emojis and the last id handed out, and the bounds of the emojis in document
            coordinates (origin at the centre, y down). Never uses the network.

            Exit status: 0 on success; 1 when the file cannot be read or is not a valid EmojiArt
            document (the reason is printed on stderr); 64 on a usage error.
            """
    )

    @Argument(help: "The .emojiart document to describe.", completion: .file(extensions: ["emojiart"]))
    var file: String

    @Flag(help: "Print JSON: {formatVersion, background: {kind, url, pixelWidth, pixelHeight}, emojiCount, uniqueEmojiId, bounds}.")
    var json = false

    func run() throws {
        let model = try readDocumentOrExit(file)
        // The pixel size of an embedded image, read from its header; info never uses the network.
        let header = model.background.imageData.flatMap(ImageHeader.init)
        let summary = DocumentSummary(model: model, imageSize: header.map { ($0.width, $0.height) })
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(summary)
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(URL(fileURLWithPath: file).lastPathComponent)
            for line in summary.lines { print("  \(line)") }
        }
    }
}
