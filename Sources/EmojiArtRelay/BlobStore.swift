import Crypto
import EmojiArtCollab
import EmojiArtCore
import Foundation

/// Background images, content-addressed: `blobs/<sha256>` in the data folder, each named in its
/// room's `rooms/<id>/blobs` list so it goes with the room. A blob is written only when its bytes
/// hash to its name, so what is stored never needs checking again.
struct BlobStore: Sendable {
    let folder: URL
    let maxBytes: Int
    /// Where each room's list of its blobs is kept.
    let roomsFolder: URL

    enum Failure: Error, CustomStringConvertible {
        case badName(String)
        case hashMismatch(name: String, actual: String)
        case tooLarge(Int, limit: Int)
        case unwritable(String)

        var description: String {
            switch self {
            case .badName(let name): "“\(name)” is not a SHA-256 (64 lowercase hex digits)."
            case .hashMismatch(let name, let actual): "The image’s bytes hash to \(actual), not \(name); it was not stored."
            case .tooLarge(let size, let limit): "The image is \(size) bytes, more than the \(limit) a relay stores."
            case .unwritable(let reason): "The relay could not store the image (\(reason))."
            }
        }

        /// The request's fault (a bad name, bytes that do not match it), not the relay's.
        var isInput: Bool {
            switch self {
            case .badName, .hashMismatch, .tooLarge: true
            case .unwritable: false
            }
        }
    }

    static func isName(_ text: String) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy {
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            }
    }

    func put(_ data: Data, name: String, room: String) throws(Failure) {
        guard Self.isName(name) else { throw .badName(name) }
        guard data.count <= maxBytes else { throw .tooLarge(data.count, limit: maxBytes) }
        let actual = SHA256.hex(data)
        guard actual == name else { throw .hashMismatch(name: name, actual: actual) }
        let url = folder.appendingPathComponent(name)
        do {
            // Named in the room's list first: a crash in between leaves a name without a blob
            // (harmless), never a blob that outlives its room.
            try Self.list(name, in: Self.listURL(of: room, in: roomsFolder))
            guard !FileManager.default.fileExists(atPath: url.path) else { return }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: RelayFiles.folderAttributes)
            try AtomicFile.write(data, to: url, private: true)
        } catch {
            throw .unwritable(String(describing: error))
        }
    }

    /// `rooms/<id>/blobs`: the names of the room's blobs, one a line.
    static func listURL(of room: String, in roomsFolder: URL) -> URL {
        roomsFolder.appendingPathComponent(room).appendingPathComponent("blobs")
    }

    /// Deletes the blobs a room's list names (the room is being deleted).
    func deleteBlobs(listedIn list: URL) {
        guard let text = try? AtomicFile.read(list, maxBytes: 16 * 1_048_576) else { return }
        for name in String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init) where Self.isName(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func list(_ name: String, in list: URL) throws {
        let existing = (try? AtomicFile.read(list, maxBytes: 16 * 1_048_576)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard !existing.split(separator: "\n").contains(Substring(name)) else { return }
        try AtomicFile.write(Data((existing + name + "\n").utf8), to: list, private: true)
    }

    /// Whether the blob `name` is stored already (storing it again changes nothing).
    func has(_ name: String) -> Bool {
        Self.isName(name) && FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    func file(_ name: String) -> URL? {
        guard Self.isName(name) else { return nil }
        let url = folder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// nil when there is no such blob.
    func get(_ name: String) -> Data? {
        guard Self.isName(name) else { return nil }
        return try? AtomicFile.read(folder.appendingPathComponent(name), maxBytes: maxBytes)
    }
}
