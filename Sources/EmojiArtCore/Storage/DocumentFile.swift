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

    /// Writes `model` atomically. What we save, we open (SPEC M5): a document the reader would
    /// refuse is not written, and the file already there stays as it was.
    public static func write(_ model: EmojiArtModel, to url: URL) throws {
        let data = EmojiArtEncoder().encode(model)
        // The encoder writes only values the reader accepts (clamped numbers, 64-bit ids, no
        // nesting), so the size is the one read limit a model can exceed.
        guard data.count <= EmojiArtFormat.maxFileBytes else {
            throw FileWriteError.tooLargeToOpen(path: url.path, byteCount: data.count)
        }
        try AtomicFile.write(data, to: url)
    }
}
