import Foundation

/// The emojis most recently added to documents, newest first (SPEC F1): what the strip's search
/// shows while its entry is empty. The same in every window and remembered across launches, in
/// `<state directory>/recent-emojis.json`; a missing or damaged file is an empty list.
public struct RecentEmojis: Codable, Hashable, Sendable {
    /// How many are kept.
    public static let capacity = 30

    public private(set) var emojis: [String]

    public init(_ emojis: [String] = []) {
        self.emojis = Array(emojis.uniqued().prefix(Self.capacity))
    }

    /// `emoji` becomes the newest; an older copy of it leaves, and the oldest beyond `capacity`.
    public mutating func add(_ emoji: String) {
        emojis.removeAll { $0 == emoji }
        emojis.insert(emoji, at: 0)
        if emojis.count > Self.capacity { emojis.removeLast(emojis.count - Self.capacity) }
    }

    public static let fileName = "recent-emojis.json"
    /// Thirty emojis are well under a kilobyte; anything much larger is not ours.
    static let maximumFileBytes = 64 * 1024

    /// Reads the list kept in `stateDirectory`, or an empty one. Entries that are not one emoji
    /// each (a hand-edited file) are left out.
    public static func load(from stateDirectory: URL) -> RecentEmojis {
        let file = stateDirectory.appendingPathComponent(fileName)
        guard let data = try? AtomicFile.read(file, maxBytes: maximumFileBytes),
            let stored = try? JSONDecoder().decode(RecentEmojis.self, from: data)
        else { return RecentEmojis() }
        return RecentEmojis(stored.emojis.filter { $0.count == 1 && $0.uniqueEmojis == $0 })
    }

    /// Writes the list atomically into `stateDirectory`.
    public func save(to stateDirectory: URL) throws {
        let file = stateDirectory.appendingPathComponent(Self.fileName)
        try PrivateDirectory.create(stateDirectory, forSaving: file.path)
        try AtomicFile.write(JSONEncoder().encode(self), to: file)
    }
}

extension Array where Element: Hashable {
    fileprivate func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
