import Foundation

/// The on-disk shape of `palettes.json`:
/// `{"lastPaletteID": 9, "palettes": [{"emojis": "😀…", "id": 1, "name": "Faces"}, …], "version": 1}`.
///
/// Fields may be added, never renamed; unknown ones are ignored on read. `lastPaletteID` is the
/// largest id ever handed out, so a deleted palette's id is not reused for a new one.
struct PaletteFile: Codable, Equatable {
    static let currentVersion = 1

    var version: Int
    var lastPaletteID: Int
    var palettes: [Palette]

    init(palettes: [Palette], lastPaletteID: Int) {
        self.version = Self.currentVersion
        self.palettes = palettes
        self.lastPaletteID = max(lastPaletteID, palettes.map(\.id).max() ?? 0)
    }

    /// Why a file cannot be used, as a clause for `CorruptFileWarning.problem`.
    enum Problem: Error, Equatable {
        case notJSON
        case wrongShape
        case noPalettes
        case newerVersion(Int)

        var clause: String {
            switch self {
            case .notJSON: localized("it is not valid JSON")
            case .wrongShape: localized("it doesn’t hold a list of palettes with an id, a name and emojis each")
            case .noPalettes: localized("its list of palettes is empty")
            case .newerVersion(let version):
                localized(
                    "it was written by a newer version of EmojiArt (format {version}; this one reads up to {supported})",
                    ["version": String(version), "supported": String(PaletteFile.currentVersion)])
            }
        }
    }

    /// Decodes a file, reading its version first so that a newer file is reported as newer
    /// rather than as damaged (its shape may have changed). Duplicate ids get fresh ones.
    static func decode(_ data: Data) throws(Problem) -> PaletteFile {
        let decoder = JSONDecoder()
        let version: Int?
        do {
            version = try decoder.decode(VersionProbe.self, from: data).version
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw .notJSON
        } catch {
            throw .wrongShape
        }
        if let version, version > currentVersion { throw .newerVersion(version) }
        let contents: Contents
        do {
            contents = try decoder.decode(Contents.self, from: data)
        } catch {
            throw .wrongShape
        }
        guard !contents.palettes.isEmpty else { throw .noPalettes }
        var lastID = max(contents.lastPaletteID ?? 0, contents.palettes.map(\.id).max() ?? 0)
        var seen = Set<Int>()
        let palettes = contents.palettes.map { palette in
            var palette = palette
            if !seen.insert(palette.id).inserted {
                // A fresh id past the last; a file that used the largest id takes the smallest free one.
                palette.id = lastID < .max ? lastID + 1 : (1...).first { !seen.contains($0) } ?? 0
                lastID = max(lastID, palette.id)
                seen.insert(palette.id)
            }
            return palette
        }
        return PaletteFile(palettes: palettes, lastPaletteID: lastID)
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    private struct VersionProbe: Decodable {
        var version: Int?
    }

    /// What a file must hold; a missing version counts as the current one.
    private struct Contents: Decodable {
        var lastPaletteID: Int?
        var palettes: [Palette]
    }
}
