import EmojiArtCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The child the driver kills: opens what is on disk as a launch would, then saves the small
/// document, the palettes, the window state and the large document in turn, one generation
/// further each time, until it is killed. Reports "ready" once open and "saved NAME N" after each
/// save, on standard output, unbuffered, so the driver knows what reached the disk.
enum SaveLoop {
    /// - Parameter plainWrites: write the documents in place, without AtomicFile, to show that
    ///   the driver's checks do catch a torn file (`kill N --plain-writes` must fail).
    static func run(folder: URL, plainWrites: Bool) -> Never {
        let files = SavedFiles(folder: folder)
        var generations: [String: Int]
        do {
            generations = try files.generations()
        } catch {
            fail("the files do not open: \(error)")
        }
        let palettes = PaletteStore(dataDirectory: files.dataDirectory)
        let firstPaletteID = palettes.palettes[0].id
        let windowStates = WindowStateStore(stateDirectory: files.stateDirectory)
        report("ready")
        while true {
            for name in SavedFiles.names {
                let generation = (generations[name] ?? 0) + 1
                do {
                    switch name {
                    case "small", "large":
                        let isLarge = name == "large"
                        let model = SavedFiles.document(generation: generation, isLarge: isLarge)
                        let url = isLarge ? files.largeDocument : files.smallDocument
                        if plainWrites {
                            try EmojiArtEncoder().encode(model).write(to: url)
                        } else {
                            try DocumentFile.write(model, to: url)
                        }
                    case "versions":
                        try files.versionHistory.record(SavedFiles.versionDocument(generation: generation))
                    case "palettes":
                        try palettes.renamePalette(withID: firstPaletteID, to: SavedFiles.paletteName(generation: generation))
                    default:
                        try windowStates.save(SavedFiles.windowState(generation: generation), for: files.smallDocument)
                    }
                } catch {
                    fail("saving \(name) failed: \(error)")
                }
                generations[name] = generation
                report("saved \(name) \(generation)")
            }
        }
    }

    private static func report(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("save-loop: \(message)\n".utf8))
        exit(3)
    }
}
