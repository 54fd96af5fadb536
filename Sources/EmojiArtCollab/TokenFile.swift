import EmojiArtCore
import Foundation

/// A relay's token for making rooms, kept in a file (SPEC C8): the relay reads it with
/// `--create-token FILE`, `emojiart share` with `--token-file FILE`. The token is the file's
/// first line, surrounding whitespace ignored, so a trailing newline never matters. No error
/// ever repeats it.
public enum TokenFile {
    public static let maxBytes = 64 * 1024

    public static func read(_ url: URL) throws(TokenFileError) -> String {
        // A token others on the machine can read is no secret: refuse it rather than use it.
        if let mode = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int,
            mode & 0o077 != 0
        {
            throw .readableByOthers(path: url.path, mode: String(mode & 0o777, radix: 8))
        }
        let data: Data
        do {
            data = try AtomicFile.read(url, maxBytes: maxBytes)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        let firstLine = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
        let token = firstLine.trimmingCharacters(in: .whitespaces)
        guard !token.isEmpty else { throw .empty(path: url.path) }
        return token
    }
}

public enum TokenFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case readableByOthers(path: String, mode: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            localized("The token file {path} cannot be read ({reason}).", ["path": path, "reason": reason])
        case .empty(let path):
            localized("The token file {path} is empty; write the token on its first line.", ["path": path])
        case .readableByOthers(let path, let mode):
            localized(
                "The token file {path} can be read by others (mode {mode}); make it yours alone with: chmod 600 {path}",
                ["path": path, "mode": mode])
        }
    }
}
