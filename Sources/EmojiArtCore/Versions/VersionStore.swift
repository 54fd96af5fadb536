import Foundation

/// Where every document keeps its past (SPEC H1): `<state directory>/versions/<document id>/`,
/// one folder per document id, each a `DocumentHistory`. The store reads and writes only there,
/// never the document's own file.
///
/// A value of plain data, so a background task can own one: versions are written off the main
/// thread (H1), and two processes writing one history take turns on a lock file.
public struct VersionStore: Hashable, Sendable {
    public static let folderName = "versions"

    /// The `versions` folder.
    public let directory: URL
    /// How versions are thinned and how many bytes one document's history may take.
    public var thinning: VersionThinning

    public init(stateDirectory: URL, thinning: VersionThinning = .standard) {
        directory = stateDirectory.standardizedFileURL.appendingPathComponent(Self.folderName, isDirectory: true)
        self.thinning = thinning
    }

    /// The store under `$XDG_STATE_HOME/emojiart/` (tests pass a temporary folder instead).
    public init(locations: StorageLocations = StorageLocations(), thinning: VersionThinning = .standard) {
        self.init(stateDirectory: locations.stateDirectory, thinning: thinning)
    }

    /// The history of the document with this id; nothing is read or created until it is used.
    public func history(of documentID: UUID) -> DocumentHistory {
        DocumentHistory(
            folder: directory.appendingPathComponent(documentID.uuidString.lowercased(), isDirectory: true),
            documentID: documentID, thinning: thinning)
    }
}
