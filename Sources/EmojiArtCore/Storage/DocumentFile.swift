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

    public static func write(_ model: EmojiArtModel, to url: URL) throws {
        try AtomicFile.write(EmojiArtEncoder().encode(model), to: url)
    }
}
