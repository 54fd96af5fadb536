import ArgumentParser
import EmojiArtCore
import Foundation

/// `emojiart info FILE [--json]`: a document's summary, or why it cannot be read (SPEC E3).
struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
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

    @Flag(
        help:
            "Print JSON: {formatVersion, background: {kind, url, pixelWidth, pixelHeight}, emojiCount, uniqueEmojiId, bounds, collab: {server, room}}."
    )
    var json = false

    func run() throws {
        let model = try readDocumentOrExit(file)
        // The pixel size of an embedded image, read from its header; info never uses the network.
        let header = model.background.imageData.flatMap(ImageHeader.init)
        let summary = DocumentSummary(model: model, imageSize: header.map { ($0.width, $0.height) })
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(InfoJSON(summary: summary, collab: model.collab))
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(URL(fileURLWithPath: file).lastPathComponent)
            for line in summary.lines { print("  \(line)") }
        }
    }
}

/// `info --json`: the summary's keys, plus `collab` (the relay and room of a shared document,
/// never its key) when the document has one.
private struct InfoJSON: Encodable {
    var summary: DocumentSummary
    var collab: SharedRoom?

    private enum CodingKeys: String, CodingKey { case collab }
    private enum RoomKeys: String, CodingKey { case server, room }

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        guard let collab else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        var room = container.nestedContainer(keyedBy: RoomKeys.self, forKey: .collab)
        try room.encode(collab.server, forKey: .server)
        try room.encode(collab.room, forKey: .room)
    }
}
