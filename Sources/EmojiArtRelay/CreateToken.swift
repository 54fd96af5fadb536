import EmojiArtCollab
import EmojiArtCore
import Foundation

/// The token `PUT /room` needs when the relay runs with `--create-token FILE` (SPEC C8). Joining
/// an existing room never needs it: its link is enough. The token is compared through SHA-256
/// digests in constant time, so neither its bytes nor its length leak through timing; it never
/// appears in a message or a log line.
struct CreateToken: Sendable {
    private let digest: [UInt8]

    init(_ token: String) {
        digest = SHA256.digest(Data(token.utf8))
    }

    /// nil when `authorization` (the request's `Authorization` header) carries the token.
    func refusal(forAuthorization authorization: String?) -> Refusal? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return .tokenMissing }
        let given = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        return Self.equal(SHA256.digest(Data(given.utf8)), digest) ? nil : .tokenWrong
    }

    /// Every byte compared whatever the first difference: the time does not depend on where it is.
    private static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
