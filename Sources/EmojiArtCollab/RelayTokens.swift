import Crypto
import EmojiArtCore
import Foundation

/// The tokens this user was given for making rooms on relays that ask for one (C8), one file
/// per relay (named by the hash of its address), 0600 in a private folder like the room keys.
public struct RelayTokens: Hashable, Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The token kept for `server`, nil when there is none.
    public func token(for server: String) -> String? {
        try? TokenFile.read(file(for: server))
    }

    /// Keeps `token` for `server`, replacing the one kept before (the person typed it).
    public func save(_ token: String, for server: String) throws {
        try PrivateFolder.prepare(folder)
        do {
            try AtomicFile.write(Data((token + "\n").utf8), to: file(for: server), private: true)
        } catch {
            throw CollabError.keyUnwritable(path: file(for: server).path, reason: String(describing: error))
        }
    }

    private func file(for server: String) -> URL {
        folder.appendingPathComponent(String(SHA256.hex(Data(KnownRelays.normalized(server).utf8)).prefix(32)) + ".token")
    }
}
