import EmojiArtCore
import Foundation

/// A relay's token for making rooms, kept in a file (SPEC C8): the relay reads it with
/// `--create-token FILE`, `emojiart share` with `--token-file FILE`. The token is the file's
/// first line, surrounding whitespace ignored, so a trailing newline never matters. No error
/// ever repeats it.
public enum TokenFile {
    public static let maxBytes = 64 * 1024

    public static func read(_ url: URL) throws(TokenFileError) -> String {
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

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            localized("The token file {path} cannot be read ({reason}).", ["path": path, "reason": reason])
        case .empty(let path):
            localized("The token file {path} is empty; write the token on its first line.", ["path": path])
        }
    }
}
