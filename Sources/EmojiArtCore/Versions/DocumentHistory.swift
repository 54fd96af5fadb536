import Foundation

/// One document's earlier versions (SPEC H1, H2, H4): `index.json`, a file per version (the
/// document's JSON without its embedded image) and `blobs/<sha256>`, each image stored once.
///
/// Reading needs no lock: the index is replaced atomically, and every file it names was written
/// before it. Everything read is checked — sizes bounded before reading, each version's and
/// image's SHA-256 compared with the index — so a damaged or hostile history is refused with a
/// `VersionStoreError`, never trusted.
public struct DocumentHistory: Hashable, Sendable {
    static let indexName = "index.json"
    static let lockName = ".lock"
    static let blobsName = "blobs"

    public let folder: URL
    public let documentID: UUID
    public var thinning: VersionThinning

    var indexURL: URL { folder.appendingPathComponent(Self.indexName) }
    var blobsFolder: URL { folder.appendingPathComponent(Self.blobsName, isDirectory: true) }

    /// The name an embedded image is kept under in `blobs/`: its SHA-256, so it is stored once.
    public static func blobName(of image: Data) -> String {
        SHA256.hex(image)
    }

    /// The versions, newest first; none when the document has no history yet.
    public func versions() throws(VersionStoreError) -> [VersionSummary] {
        try readIndex().entries.reversed().map(\.summary)
    }

    /// The versions an index file's bytes list, newest first, or why they are refused: what
    /// `versions()` makes of them (the fuzzer feeds it any bytes).
    public static func versions(fromIndexContents data: Data) throws(VersionStoreError) -> [VersionSummary] {
        try VersionIndex.decode(data).entries.reversed().map(\.summary)
    }

    /// The document as it was in version `number`, with this history's document id.
    public func model(ofVersion number: Int) throws(VersionStoreError) -> EmojiArtModel {
        guard let entry = try readIndex().entries.first(where: { $0.number == number }) else {
            throw .noSuchVersion(number: number)
        }
        let damaged = VersionStoreError.damaged(
            problem: localized("version {number} is missing or altered", ["number": String(number)]))
        let data = try readChecked(folder.appendingPathComponent(entry.fileName), maxBytes: entry.stored, digest: entry.digest)
        guard let data else { throw damaged }
        var model: EmojiArtModel
        do {
            model = try EmojiArtDecoder(fileName: entry.fileName).decode(data)
        } catch {
            throw damaged
        }
        if let hash = entry.image {
            let blob = blobsFolder.appendingPathComponent(hash)
            guard let image = try readChecked(blob, maxBytes: entry.imageBytes ?? 0, digest: hash) else { throw damaged }
            model.background = .imageData(image)
        }
        model.documentID = documentID
        return model
    }

    /// The index, or an empty one when none was written yet.
    func readIndex() throws(VersionStoreError) -> VersionIndex {
        do {
            return try VersionIndex.decode(AtomicFile.read(indexURL, maxBytes: VersionIndex.maxBytes))
        } catch let error as VersionStoreError {
            throw error
        } catch FileReadError.notFound {
            return VersionIndex()
        } catch FileReadError.tooLarge, FileReadError.notARegularFile {
            throw .damaged(problem: VersionIndex.listProblem)
        } catch let error as FileReadError {
            throw .unreadable(error)
        } catch {
            throw .damaged(problem: VersionIndex.listProblem)
        }
    }

    /// The file's bytes when it is exactly `maxBytes` long with this SHA-256; nil when it is
    /// missing, of another size or altered. Only a failure to read at all is thrown.
    private func readChecked(_ url: URL, maxBytes: Int, digest: String) throws(VersionStoreError) -> Data? {
        let data: Data
        do {
            data = try AtomicFile.read(url, maxBytes: maxBytes)
        } catch FileReadError.unreadable(let path, let reason) {
            throw .unreadable(.unreadable(path: path, reason: reason))
        } catch {
            return nil
        }
        guard data.count == maxBytes, SHA256.hex(data) == digest else { return nil }
        return data
    }
}
