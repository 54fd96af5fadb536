import Foundation

/// Reads and writes `.emojiart` files: bounded reads (the size limit is checked before the file
/// is read) and atomic writes, so a failed or interrupted save leaves the previous file intact.
public enum DocumentFile {
    public static func read(from url: URL) throws(DocumentReadError) -> EmojiArtModel {
        let name = url.lastPathComponent
        let data: Data
        do {
            data = try AtomicFile.read(url, maxBytes: EmojiArtFormat.maxFileBytes)
        } catch let error as FileReadError {
            if case .tooLarge = error {
                let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
                throw .tooLarge(file: name, byteCount: size ?? EmojiArtFormat.maxFileBytes + 1)
            }
            throw .fileNotReadable(error)
        } catch {
            throw .unreadable(file: name, reason: "\(error)")
        }
        return try EmojiArtDecoder(fileName: name).decode(data)
    }

    /// Writes `model` atomically. What we save, we open (SPEC M5): a document past 48 MB has its
    /// embedded image shrunk by `shrinker` until the whole document fits; a document the reader
    /// would still refuse is not written, and the file already there stays as it was.
    /// `isPrivate`: readable by its owner only (0600), for what others sent (`join -o`).
    public static func write(
        _ model: EmojiArtModel, to url: URL, shrinkingImageWith shrinker: EmbeddedImageShrinker? = nil, private isPrivate: Bool = false
    ) throws {
        let data = savedBytes(of: model, shrinkingImageWith: shrinker)
        // The encoder writes only values the reader accepts (clamped numbers, 64-bit ids, no
        // nesting), so the size is the one read limit a model can exceed.
        guard data.count <= EmojiArtFormat.maxFileBytes else {
            throw FileWriteError.tooLargeToOpen(path: url.path, byteCount: data.count)
        }
        try AtomicFile.write(data, to: url, private: isPrivate)
    }

    /// The file's bytes for `model`: as encoded when they stay under `maxSavedBytes`; otherwise
    /// with the embedded image re-encoded into what the rest of the document leaves of it. The
    /// document in memory keeps its image; the file gets the smaller one.
    static func savedBytes(of model: EmojiArtModel, shrinkingImageWith shrinker: EmbeddedImageShrinker?) -> Data {
        let encoder = EmojiArtEncoder()
        let data = encoder.encode(model)
        guard data.count > EmojiArtFormat.maxSavedBytes, let shrinker, let image = model.background.imageData, !image.isEmpty
        else { return data }
        var withoutImage = model
        withoutImage.background = .blank
        let otherBytes = encoder.encode(withoutImage).count
        // What one image byte costs in the file (base64 and any escaping), measured, not assumed.
        let bytesPerImageByte = Double(data.count - otherBytes) / Double(image.count)
        let budget = Int(Double(EmojiArtFormat.maxSavedBytes - otherBytes) / bytesPerImageByte * 0.99)
        guard budget > 0, let smaller = try? shrinker.shrink(image, budget), smaller.count < image.count else { return data }
        var shrunk = model
        shrunk.background = .imageData(smaller)
        return encoder.encode(shrunk)
    }
}
