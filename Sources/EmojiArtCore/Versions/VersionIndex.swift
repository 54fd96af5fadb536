import Foundation

/// The list of a document's versions, `index.json` in its history folder (SPEC H1): rewritten
/// atomically after each version, so it is the moment a version exists. What it names is checked
/// on every read, as a document is: a damaged or hostile index is refused, never trusted.
struct VersionIndex: Codable, Hashable, Sendable {
    /// The shape this build writes; a newer one is refused rather than rewritten without its news.
    static let currentFormat = 1
    /// A larger index is refused before it is read: 100,000 entries take about 20 MB.
    static let maxBytes = 24 * 1024 * 1024
    static let maxEntries = 100_000
    /// Names longer than this are cut when given, and refused when read.
    static let maxNameCharacters = 200

    struct Entry: Codable, Hashable, Sendable {
        var number: Int
        /// Seconds since 1970.
        var time: Double
        var emojis: Int
        /// The version as a document file, its image included (what the user sees listed).
        var bytes: Int
        /// The version's own file, without its image (what it costs the budget beside its blob).
        var stored: Int
        /// SHA-256 of the version's own file: a version equal to the newest is not taken again.
        var digest: String
        /// SHA-256 of the embedded background, stored once in `blobs/`; nil for none.
        var image: String?
        var imageBytes: Int?
        var name: String?

        var summary: VersionSummary {
            VersionSummary(
                number: number, date: Date(timeIntervalSince1970: time), emojiCount: emojis, byteCount: bytes, name: name)
        }

        var fileName: String { "\(number).\(EmojiArtFormat.fileExtension)" }
    }

    var format = currentFormat
    /// The number the next version gets: numbers are never reused, even after thinning.
    var nextNumber = 1
    /// Oldest first.
    var entries: [Entry] = []

    /// Decodes and checks `data`; the problem is a clause for `VersionStoreError.damaged`.
    static func decode(_ data: Data) throws(VersionStoreError) -> VersionIndex {
        let index: VersionIndex
        do {
            index = try JSONDecoder().decode(VersionIndex.self, from: data)
        } catch {
            throw .damaged(problem: listProblem)
        }
        guard index.isValid else { throw .damaged(problem: listProblem) }
        return index
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Plain values only: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// Everything the store relies on: numbers ascending and below `nextNumber`, sizes within
    /// what a document may be, hashes that are hashes (they become file names), times that are
    /// dates.
    var isValid: Bool {
        guard format == Self.currentFormat, entries.count <= Self.maxEntries, (1...Int(Int32.max)).contains(nextNumber)
        else { return false }
        var previous = 0
        for entry in entries {
            guard entry.number > previous, entry.number < nextNumber, entry.time.isFinite,
                abs(entry.time) < 1e11, (0...EmojiArtFormat.maxFileBytes).contains(entry.stored),
                (0...Int(Int32.max)).contains(entry.emojis), (0...Int(Int32.max)).contains(entry.bytes),
                Self.isHash(entry.digest), entry.image.map(Self.isHash) ?? true,
                (entry.image == nil) == (entry.imageBytes == nil),
                (0...EmojiArtFormat.maxEmbeddedImageBytes).contains(entry.imageBytes ?? 0),
                (entry.name?.count ?? 0) <= Self.maxNameCharacters
            else { return false }
            previous = entry.number
        }
        return true
    }

    /// 64 lowercase hex digits, as `SHA256.hex` writes.
    static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static var listProblem: String { localized("the list of versions is not one EmojiArt wrote") }
}
