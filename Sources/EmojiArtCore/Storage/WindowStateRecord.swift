import Foundation

/// The on-disk shape of one window-state file:
/// `{"documentPath": "/home/ann/cat.emojiart", "state": {"panX": 0, …, "zoom": 1.5}, "version": 1}`.
///
/// The file is named by a hash of the path, so the path itself is stored too: a file whose path
/// differs belongs to another document whose path hashes the same, and is not this one's state.
struct WindowStateRecord: Codable, Equatable {
    static let currentVersion = 1

    var version: Int?
    var documentPath: String
    var state: WindowState

    init(documentPath: String, state: WindowState) {
        self.version = Self.currentVersion
        self.documentPath = documentPath
        self.state = state
    }

    enum Outcome: Equatable {
        case record(WindowStateRecord)
        /// Written by a newer EmojiArt: not ours to read, and not damaged either.
        case newerVersion
        /// Not a window-state file; `problem` is a clause for `CorruptFileWarning`.
        case damaged(problem: String)
    }

    /// Reads the version first, so a newer file with a changed shape is not taken for damage.
    static func decode(_ data: Data) -> Outcome {
        let decoder = JSONDecoder()
        do {
            let version = try decoder.decode(VersionProbe.self, from: data).version
            if let version, version > currentVersion { return .newerVersion }
            return .record(try decoder.decode(WindowStateRecord.self, from: data))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            return .damaged(problem: localized("it is not valid JSON"))
        } catch {
            return .damaged(problem: localized("it doesn’t hold a document path and a zoom and pan"))
        }
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    private struct VersionProbe: Decodable {
        var version: Int?
    }
}
