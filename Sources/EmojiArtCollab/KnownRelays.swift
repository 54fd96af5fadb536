import EmojiArtCore
import Foundation

/// The relays this user has used (shared through, joined through, or agreed to connect to): a
/// document that names any other relay does not connect to it until the person says so (C10).
/// A crafted document must not learn the reader's address and name by opening.
public struct KnownRelays: Hashable, Sendable {
    public let file: URL
    /// More than this many is not a list a person made.
    static let maxCount = 1000

    public init(file: URL) {
        self.file = file
    }

    public func contains(_ server: String) -> Bool {
        all().contains(Self.normalized(server))
    }

    /// Remembers `server`; written privately and atomically.
    public func remember(_ server: String) throws {
        var servers = all()
        let added = Self.normalized(server)
        guard !servers.contains(added) else { return }
        servers.append(added)
        try PrivateFolder.prepare(file.deletingLastPathComponent())
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
            try AtomicFile.write(try encoder.encode(Array(servers.suffix(Self.maxCount))), to: file, private: true)
        } catch {
            throw CollabError.journalUnwritable(path: file.path, reason: String(describing: error))
        }
    }

    private func all() -> [String] {
        guard let data = try? AtomicFile.read(file, maxBytes: 1_048_576),
            let servers = try? JSONDecoder().decode([String].self, from: data)
        else { return [] }
        return servers
    }

    /// `ws://Host:7447/` and `ws://host:7447` are one relay.
    static func normalized(_ server: String) -> String {
        var text = server.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
