import EmojiArtCore
import Foundation

/// The files the save loop writes in its folder, each carrying a generation number in a way that
/// a torn or mixed file cannot fake: every emoji, the emoji count and the background URL all
/// derive from it, so a file is either one whole generation or detected as damaged.
struct SavedFiles {
    let folder: URL

    var smallDocument: URL { folder.appendingPathComponent("small.emojiart") }
    /// About 1.5 MB: its save takes long enough for kills to land inside it.
    var largeDocument: URL { folder.appendingPathComponent("large.emojiart") }
    var dataDirectory: URL { folder.appendingPathComponent("data", isDirectory: true) }
    var stateDirectory: URL { folder.appendingPathComponent("state", isDirectory: true) }
    /// The folders a save writes temporary files in.
    var saveFolders: [URL] {
        [folder, dataDirectory, stateDirectory.appendingPathComponent(WindowStateStore.folderName)]
    }

    /// The names of the files the loop writes, in the order it writes them.
    static let names = ["small", "palettes", "window-state", "versions", "large"]

    // MARK: - Documents

    static func emojiCount(forLarge isLarge: Bool, generation: Int) -> Int {
        isLarge ? 20_000 + generation % 100 : 1 + generation % 50
    }

    static func document(generation: Int, isLarge: Bool) -> EmojiArtModel {
        var model = EmojiArtModel()
        model.background = .url(URL(string: "https://example.com/generation/\(generation).png")!)
        let emojis = ["😀", "🐶", "🐻‍❄️", "1️⃣", "🇫🇷"]
        for index in 0..<emojiCount(forLarge: isLarge, generation: generation) {
            model.addEmoji(
                emojis[index % emojis.count],
                at: DocumentPoint(x: Double(index % 1_000), y: Double(generation % 1_000_000)),
                size: Double(1 + generation % 100))
        }
        return model
    }

    /// The generation a document file holds, after checking that all of it agrees.
    static func generation(ofDocument url: URL, isLarge: Bool) throws -> Int {
        let model = try DocumentFile.read(from: url)
        guard let generation = model.background.url.flatMap({ Int($0.deletingPathExtension().lastPathComponent) }) else {
            throw Damage("\(url.lastPathComponent) has no generation in its background URL")
        }
        let expected = document(generation: generation, isLarge: isLarge)
        guard model == expected else {
            throw Damage("\(url.lastPathComponent) says generation \(generation) but its emojis disagree")
        }
        return generation
    }

    // MARK: - Palettes and window state

    /// The first palette's name: the generation, then padding whose length follows from it, so
    /// the file's size changes from save to save and a mixed file cannot pass.
    static func paletteName(generation: Int) -> String {
        "generation \(generation)/" + String(repeating: "x", count: generation % 500)
    }

    /// The generation the palette file holds, read as a launch reads it (a damaged file would be
    /// set aside with a warning).
    func paletteGeneration() throws -> Int? {
        guard FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent(PaletteStore.fileName).path) else {
            return nil
        }
        let store = PaletteStore(dataDirectory: dataDirectory)
        if let warning = store.loadWarning { throw Damage("palettes: \(warning)") }
        let name = store.palettes.first?.name ?? ""
        guard let number = name.split(separator: "/").first?.split(separator: " ").last,
              let generation = Int(number), name == Self.paletteName(generation: generation)
        else { throw Damage("palettes: the first palette is “\(name.prefix(40))”") }
        return generation
    }

    static func windowState(generation: Int) -> WindowState {
        WindowState(zoom: 1 + Double(generation % 10) / 10, panX: Double(generation), panY: -Double(generation),
                    paletteID: 1, windowWidth: 800 + generation % 100, windowHeight: 600)
    }

    /// The generation the window-state file holds for the small document, as a launch reads it.
    func windowStateGeneration() throws -> Int? {
        let warnings = WarningBox()
        let store = WindowStateStore(stateDirectory: stateDirectory, reportWarning: warnings.append)
        guard FileManager.default.fileExists(atPath: store.stateFileURL(for: smallDocument).path) else { return nil }
        guard let state = store.state(for: smallDocument) else {
            throw Damage("window state: unreadable (\(warnings.all.map(\.description).joined(separator: "; ")))")
        }
        let generation = Int(state.panX)
        guard state == Self.windowState(generation: generation) else { throw Damage("window state: its values disagree") }
        return generation
    }

    /// The generation each file holds now (nil: never saved), checking each is whole.
    func generations() throws -> [String: Int] {
        var result = [String: Int]()
        if FileManager.default.fileExists(atPath: smallDocument.path) {
            result["small"] = try Self.generation(ofDocument: smallDocument, isLarge: false)
        }
        if FileManager.default.fileExists(atPath: largeDocument.path) {
            result["large"] = try Self.generation(ofDocument: largeDocument, isLarge: true)
        }
        result["palettes"] = try paletteGeneration()
        result["window-state"] = try windowStateGeneration()
        result["versions"] = try versionGeneration()
        return result
    }

    /// Files named like our temporary files (`.NAME.XXXXXX.tmp`) in the save folders and the
    /// version history's (which its own cleanup tidies, not the launch's).
    func temporaryFiles() -> [String] {
        let history = versionHistory.folder
        return (saveFolders + [history, history.appendingPathComponent("blobs")]).flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
        }
    }

    /// Files a launch moved aside as damaged (`NAME.corrupt-…`).
    func quarantinedFiles() -> [String] {
        saveFolders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".corrupt-") }
        }
    }
}

/// A file that is not one whole generation.
struct Damage: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Collects the warnings a window-state store reports.
final class WarningBox: @unchecked Sendable {
    private let lock = NSLock()
    private var warnings = [CorruptFileWarning]()
    func append(_ warning: CorruptFileWarning) { lock.withLock { warnings.append(warning) } }
    var all: [CorruptFileWarning] { lock.withLock { warnings } }
}
