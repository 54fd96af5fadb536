import Foundation

/// Taking, naming and removing versions (SPEC H1, H2). Each change holds the history's lock and
/// writes in an order that survives a kill at any point: the image, then the version, then the
/// index that names them (each atomically, see `AtomicFile`); files no index names any more are
/// removed last, and whatever a killed writer left is removed by the next one.
extension DocumentHistory {
    /// Takes a version of `model`, unless the newest version is the same document already, and
    /// thins the history (`thinning`, at `date`). Call it off the main thread: it encodes the
    /// document and syncs files. Returns the new version, or nil when nothing changed.
    @discardableResult
    public func record(_ model: EmojiArtModel, at date: Date = Date()) throws(VersionStoreError) -> VersionSummary? {
        var stored = model
        stored.documentID = documentID
        let image = model.background.imageData
        if image != nil { stored.background = .blank }
        let bytes = EmojiArtEncoder().encode(stored)
        let digest = SHA256.hex(bytes)
        let imageHash = image.map(Self.blobName(of:))
        return try withLock { () throws(VersionStoreError) -> VersionSummary? in
            var index = try readIndex()
            removeUnlisted(by: index)
            if let newest = index.entries.last, newest.digest == digest, newest.image == imageHash { return nil }
            if let image, let imageHash {
                let blob = blobsFolder.appendingPathComponent(imageHash)
                if (try? FileStatus.of(path: blob.path))?.size != Int64(image.count) {
                    try write(image, to: blob, creating: blobsFolder)
                }
            }
            let entry = VersionIndex.Entry(
                number: index.nextNumber, time: date.timeIntervalSince1970, emojis: model.emojis.count,
                bytes: Self.documentBytes(stored: bytes.count, imageBytes: image?.count), stored: bytes.count,
                digest: digest, image: imageHash, imageBytes: image?.count, name: nil)
            try write(bytes, to: folder.appendingPathComponent(entry.fileName), creating: folder)
            index.entries.append(entry)
            index.nextNumber += 1
            let kept = thinning.kept(index.entries.map(\.candidate), now: date)
            index.entries.removeAll { !kept.contains($0.number) }
            try write(index.encoded(), to: indexURL, creating: folder)
            removeUnlisted(by: index)
            return entry.summary
        }
    }

    /// Takes a version of a document given as its file's bytes (what an autosave wrote).
    @discardableResult
    public func record(documentBytes: Data, at date: Date = Date()) throws(VersionStoreError) -> VersionSummary? {
        let model: EmojiArtModel
        do {
            model = try EmojiArtDecoder().decode(documentBytes)
        } catch {
            throw .damaged(problem: error.description)
        }
        return try record(model, at: date)
    }

    /// Names version `number` (Name This Version…, H2), which keeps it for good; an empty or nil
    /// name makes it an ordinary version again, thinned with the others from the next version on.
    public func name(version number: Int, as name: String?) throws(VersionStoreError) {
        let trimmed = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let newName = trimmed.isEmpty ? nil : String(trimmed.prefix(VersionIndex.maxNameCharacters))
        try withLock { () throws(VersionStoreError) in
            var index = try readIndex()
            guard let position = index.entries.firstIndex(where: { $0.number == number }) else {
                throw .noSuchVersion(number: number)
            }
            guard index.entries[position].name != newName else { return }
            index.entries[position].name = newName
            try write(index.encoded(), to: indexURL, creating: folder)
        }
    }

    /// Removes every version (an untitled draft discarded, H1). Nothing to remove is no failure.
    public func removeAll() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Removes what a writer killed mid-way left behind — temporary files, versions and images no
    /// index names — as the app does when it opens the document. A damaged index leaves
    /// everything as it is: what it names cannot be known.
    public func cleanUp() {
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        try? withLock { () throws(VersionStoreError) in
            removeUnlisted(by: try readIndex())
        }
    }

    /// A document file's size from its version's: the embedded image comes back as base64 in
    /// `{"imageData":"…"}` where the version has `{}`.
    static func documentBytes(stored: Int, imageBytes: Int?) -> Int {
        guard let imageBytes else { return stored }
        return stored - 2 + #"{"imageData":""}"#.utf8.count + (imageBytes + 2) / 3 * 4
    }

    private func write(_ data: Data, to url: URL, creating directory: URL) throws(VersionStoreError) {
        do {
            try PrivateDirectory.create(directory, forSaving: url.path)
            try AtomicFile.write(data, to: url, private: true)
        } catch let error as FileWriteError {
            throw .unwritable(error)
        } catch {
            throw .unwritable(.failed(path: url.path, reason: "\(error)"))
        }
    }

    /// Deletes the files of the folder and of `blobs/` that `index` does not name: versions
    /// thinned out, images no version uses, temporary files of a killed write. Only regular
    /// files are touched. Call it holding the lock.
    func removeUnlisted(by index: VersionIndex) {
        let versions = Set(index.entries.map(\.fileName))
        let images = Set(index.entries.compactMap(\.image))
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        where name != Self.indexName && name != Self.lockName && !versions.contains(name) {
            let url = folder.appendingPathComponent(name)
            if (try? FileStatus.ofLink(path: url.path))?.kind == .regular { try? manager.removeItem(at: url) }
        }
        for name in (try? manager.contentsOfDirectory(atPath: blobsFolder.path)) ?? [] where !images.contains(name) {
            let url = blobsFolder.appendingPathComponent(name)
            if (try? FileStatus.ofLink(path: url.path))?.kind == .regular { try? manager.removeItem(at: url) }
        }
    }
}

extension VersionIndex.Entry {
    var candidate: VersionThinning.Candidate {
        VersionThinning.Candidate(
            number: number, date: Date(timeIntervalSince1970: time), isNamed: name != nil, storedBytes: stored,
            image: image, imageBytes: imageBytes ?? 0)
    }
}
