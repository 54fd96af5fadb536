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
        guard
            let urls = try? FileManager.default.contentsOfDirectory(
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

    /// The drafts a launch brings back (W2): those that open, and a warning for each that did not.
    public struct Recovered: Sendable {
        public var drafts: [(url: URL, model: EmojiArtModel)]
        /// One per draft that could not be read and was moved aside; the app shows each.
        public var setAside: [CorruptFileWarning]
    }

    /// Reads every draft left by earlier sessions, oldest first. A draft is the user's only copy
    /// of an untitled document, so one that cannot be read — damaged, or saved by a newer
    /// EmojiArt — is never deleted: it is renamed `NAME.corrupt-<time>` beside the others (and so
    /// not offered again), and the warning tells the user where it is.
    public func recoverDrafts() -> Recovered {
        var recovered = Recovered(drafts: [], setAside: [])
        for url in existingDrafts() {
            do {
                recovered.drafts.append((url, try DocumentFile.read(from: url)))
            } catch {
                recovered.setAside.append(
                    FileQuarantine.setAside(
                        url, problem: Self.problem(error),
                        consequence: localized("This untitled draft from an earlier session could not be opened.")))
            }
        }
        return recovered
    }

    /// The reason as a clause after "couldn't be used:", without the file's name said twice.
    private static func problem(_ error: DocumentReadError) -> String {
        switch error {
        case .newerVersion(_, let version):
            localized(
                "it was saved by a newer EmojiArt (format version {version}); update EmojiArt to open it",
                ["version": String(version)])
        case .invalidValue(_, let problem):
            problem
        case .notJSON(_, let reason, let line, let column):
            localized(
                "it is damaged ({reason} at line {line}, column {column})",
                ["reason": reason, "line": String(line), "column": String(column)])
        default:
            "\(error)"
        }
    }

    /// Writes a draft atomically, creating the drafts folder (private to the user) if needed;
    /// `shrinker` keeps it under 48 MB as a document is kept (M5).
    public func write(_ model: EmojiArtModel, to url: URL, shrinkingImageWith shrinker: EmbeddedImageShrinker? = nil) throws {
        try PrivateDirectory.create(directory, forSaving: url.path)
        try DocumentFile.write(model, to: url, shrinkingImageWith: shrinker)
    }

    public func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
