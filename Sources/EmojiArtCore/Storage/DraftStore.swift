import Foundation

/// Untitled documents kept as drafts in `<state directory>/drafts/` (SPEC W2, beyond): an
/// untitled window autosaves to its draft, and the next launch offers the drafts again. Saving
/// the document to a file of the user's, or discarding it, removes its draft.
public struct DraftStore: Sendable {
    public static let folderName = "drafts"

    public let directory: URL

    public init(stateDirectory: URL) {
        directory = stateDirectory.standardizedFileURL.appendingPathComponent(Self.folderName, isDirectory: true)
    }

    /// A new draft location, unique to this window; nothing is written until the first change.
    public func newDraftURL() -> URL {
        directory.appendingPathComponent("\(UUID().uuidString).\(EmojiArtFormat.fileExtension)")
    }

    /// Whether `url` is one of our drafts (so its window shows "Untitled", not the draft's name).
    public func isDraft(_ url: URL) -> Bool {
        url.standardizedFileURL.deletingLastPathComponent().path == directory.path
    }

    /// The drafts left by earlier sessions, oldest first.
    public func existingDrafts() -> [URL] {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .isRegularFileKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
        else { return [] }
        let drafts = urls.filter {
            $0.pathExtension == EmojiArtFormat.fileExtension
                && (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
        }
        func modified(_ url: URL) -> Date {
            (try? url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast
        }
        return drafts.sorted { modified($0) < modified($1) }
    }

    /// Writes a draft atomically, creating the drafts folder (private to the user) if needed.
    public func write(_ model: EmojiArtModel, to url: URL) throws {
        try PrivateDirectory.create(directory, forSaving: url.path)
        try DocumentFile.write(model, to: url)
    }

    public func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
