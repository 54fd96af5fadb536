/// A room's background (one record, COLLAB "Fields"). Embedded images travel as
/// content-addressed blobs on the relay, not inside ops: an op holds the blob's name, the SHA-256
/// of its sealed bytes (C7; of the image itself in rooms from before protocol 2).
public enum CollabBackground: Hashable, Sendable, Codable {
    case blank
    /// A web address, as written.
    case url(String)
    /// Image bytes stored as a blob, named by the lowercase hex SHA-256 of the blob's bytes.
    case image(sha256: String)

    /// Longer addresses are not backgrounds (a message may hold anything).
    public static let maxURLBytes = 8 * 1024

    /// Nil for a value no background can hold (invariant 4).
    var validated: CollabBackground? {
        switch self {
        case .blank:
            return self
        case .url(let text):
            return text.isEmpty ? .blank : text.utf8.count <= Self.maxURLBytes ? self : nil
        case .image(let hash):
            let isHex =
                hash.utf8.count == 64
                && hash.utf8.allSatisfy {
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
                }
            return isHex ? self : nil
        }
    }
}
