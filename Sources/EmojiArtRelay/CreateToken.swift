import Crypto
import Foundation

/// The token `PUT /room` needs when the relay runs with `--create-token FILE` (SPEC C8). Joining
/// an existing room never needs it: its link is enough. The token is compared through SHA-256
/// digests in constant time, so neither its bytes nor its length leak through timing; it never
/// appears in a message or a log line.
struct CreateToken: Sendable {
    private let digest: [UInt8]

    init(_ token: String) {
        digest = Array(SHA256.hash(data: Data(token.utf8)))
    }

    /// nil when `authorization` (the request's `Authorization` header) carries the token.
    func refusal(forAuthorization authorization: String?) -> Refusal? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return .tokenMissing }
        let given = authorization.dropFirst("bearer ".count).trimmingCharacters(in: .whitespaces)
        // A digest compares every byte whatever the first difference.
        return SHA256.hash(data: Data(given.utf8)) == digest ? nil : .tokenWrong
    }
}
