import Foundation

/// One earlier version of a document as the Browse Versions… panel and `emojiart versions` list
/// it (SPEC H2, H4): enough to show a row without reading the version itself.
public struct VersionSummary: Hashable, Sendable, Identifiable {
    /// The version's number, from 1 up, never reused within a document's history: thinning
    /// leaves gaps, so a number read in a list still names the same version later.
    public var number: Int
    /// When the version was taken.
    public var date: Date
    public var emojiCount: Int
    /// The size of the version as a document file, its embedded image included.
    public var byteCount: Int
    /// The name the user gave it (Name This Version…), nil for one taken automatically.
    public var name: String?

    public var id: Int { number }

    /// A named version is kept for good: thinning and the byte budget pass it by (H1, H2).
    public var isNamed: Bool { name != nil }

    public init(number: Int, date: Date, emojiCount: Int, byteCount: Int, name: String? = nil) {
        self.number = number
        self.date = date
        self.emojiCount = emojiCount
        self.byteCount = byteCount
        self.name = name
    }
}
