import ArgumentParser
import EmojiArtCore
import Foundation

/// `emojiart versions FILE [--json]` and `emojiart versions FILE --restore N -o OUT`: a
/// document's earlier versions, which the app keeps (SPEC H1, H4). The command only reads them.
struct Versions: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "versions",
        abstract: "List a document's earlier versions, or write one out as a document.",
        discussion: """
            EmojiArt keeps earlier versions of every document it edits in $XDG_STATE_HOME/emojiart/versions/
            (by default ~/.local/state/emojiart/versions/), found through an id stored in the document.
            Without --restore, lists them newest first: number, time, emojis, size and name. With
            --restore N -o OUT, writes version N as a document to OUT, replacing OUT only once it is
            written in full. Unless OUT is FILE itself, the copy is a new document: an id of its own
            (so a history of its own) and, for a shared document, no room.

            Exit status: 0 done; 1 the document cannot be read; 2 it has no such version, or its
            versions cannot be read; 3 OUT cannot be written; 64 usage error.
            """
    )

    @Argument(help: "The .emojiart document whose versions to list.", completion: .file(extensions: ["emojiart"]))
    var file: String

    @Flag(help: "Print JSON: a list, newest first, of {number, time, emojis, bytes, name, named}.")
    var json = false

    @Option(help: "Write version N (a number from the list) as a document; needs -o.")
    var restore: Int?

    @Option(name: .shortAndLong, help: "Where --restore writes the version.", completion: .file(extensions: ["emojiart"]))
    var output: String?

    func validate() throws {
        if restore != nil, output == nil { throw ValidationError(localized("--restore needs -o OUT, the file to write.")) }
        if restore == nil, output != nil { throw ValidationError(localized("-o needs --restore N, the version to write.")) }
        if restore != nil, json { throw ValidationError(localized("Give --json or --restore, not both.")) }
    }

    func run() throws {
        let model = try readDocumentOrExit(file)
        let name = URL(fileURLWithPath: file).lastPathComponent
        let history = model.documentID.map { VersionStore(locations: StorageLocations()).history(of: $0) }
        let versions: [VersionSummary]
        do {
            versions = try history?.versions() ?? []
        } catch {
            printError("emojiart: \(error)")
            throw ExitCode(2)
        }
        if let restore, let output {
            return try write(restore, of: history, over: model, hasVersions: !versions.isEmpty, to: output)
        }
        if json {
            print(String(decoding: Self.json(versions), as: UTF8.self))
        } else if versions.isEmpty {
            print(localized("“{name}” has no earlier versions.", ["name": name]))
        } else {
            let count = localizedPlural("{count} version", "{count} versions", count: versions.count)
            print("\(name): \(count)")
            for version in versions { print("  " + Self.line(version)) }
        }
    }

    /// Writes version `number` to `output`: over FILE itself (`current`) it keeps the document's
    /// id and room; anywhere else it is a new, unshared document with an id of its own — a copy
    /// in the room would show the room, not the version, once opened.
    private func write(_ number: Int, of history: DocumentHistory?, over current: EmojiArtModel, hasVersions: Bool, to output: String)
        throws
    {
        let name = URL(fileURLWithPath: file).lastPathComponent
        guard let history, hasVersions else {
            printError("emojiart: " + localized("“{name}” has no earlier versions.", ["name": name]))
            throw ExitCode(2)
        }
        var model: EmojiArtModel
        do {
            model = try history.model(ofVersion: number)
        } catch {
            printError("emojiart: \(error)")
            throw ExitCode(2)
        }
        let outputURL = URL(fileURLWithPath: output)
        if outputURL.resolvingSymlinksInPath().path == URL(fileURLWithPath: file).resolvingSymlinksInPath().path {
            model.collab = current.collab
        } else {
            model = model.withFreshDocumentID()
            model.collab = nil
        }
        do {
            try DocumentFile.write(model, to: outputURL)
        } catch {
            printError("emojiart: \(error)")
            throw ExitCode(3)
        }
    }

    /// "12  Today 14:02  5 emojis  3.5 KB  “Before the party”".
    static func line(_ version: VersionSummary) -> String {
        var parts = [
            String(version.number), VersionDate.text(version.date),
            localizedPlural("{count} emoji", "{count} emojis", count: version.emojiCount),
            FileReadError.formatted(byteCount: version.byteCount),
        ]
        if let name = version.name { parts.append("“\(name)”") }
        return parts.joined(separator: "  ")
    }

    static func json(_ versions: [VersionSummary]) -> Data {
        struct Row: Encodable {
            var number: Int
            var time: String
            var emojis: Int
            var bytes: Int
            var name: String?
            var named: Bool

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(number, forKey: .number)
                try container.encode(time, forKey: .time)
                try container.encode(emojis, forKey: .emojis)
                try container.encode(bytes, forKey: .bytes)
                try container.encode(name, forKey: .name)  // null when unnamed, not left out
                try container.encode(named, forKey: .named)
            }

            enum CodingKeys: String, CodingKey { case number, time, emojis, bytes, name, named }
        }
        let time = ISO8601DateFormatter()
        let rows = versions.map {
            Row(
                number: $0.number, time: time.string(from: $0.date), emojis: $0.emojiCount, bytes: $0.byteCount, name: $0.name,
                named: $0.isNamed)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(rows)) ?? Data("[]".utf8)
    }
}
