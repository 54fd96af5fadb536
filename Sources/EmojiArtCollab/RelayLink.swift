import EmojiArtCore
import Foundation

/// What a connection to a relay reports, in order, on one `AsyncStream` (COLLAB "Traps": NIO's
/// threads hand everything to one consumer).
public enum RelayLinkEvent: Hashable, Sendable {
    /// A connection is open. The consumer answers with `SyncSession.connected()` (the hello),
    /// then, after the welcome, whatever `receive` returns (the resends of invariant 6).
    case connected
    /// One frame from the relay, for `SyncSession.receive`.
    case received(RelayMessage)
    /// The connection ended (or a connect attempt failed); the consumer calls
    /// `SyncSession.disconnected()`. The link tries again by itself until `close()`.
    case disconnected(reason: String)
}

/// A client's connection to one room on a relay (SPEC C1, C2): the app and the CLI talk to the
/// relay through it, the WebSocket one (`EmojiArtCollabNet`) or `InMemoryRelay`'s in tests.
///
/// The contract:
/// - `events` is one stream for the link's whole life: `.connected`, `.received…`,
///   `.disconnected`, `.connected` again… It finishes after `close()`. Read it from one consumer.
/// - Reconnecting, with backoff, is the link's job, not the consumer's.
/// - `send` never blocks and never throws. On each connection the link passes nothing before a
///   `.hello`: a push the consumer sends while it still believes an old connection is open is
///   dropped rather than arriving before the hello, and goes out again after the next welcome
///   (the session resends every unacknowledged push). Messages sent while disconnected are dropped
///   for the same reason: the outbox, not the link, keeps edits.
/// - Blobs (background images, sealed) travel outside the room's log, named by their SHA-256.
public protocol RelayLink: AnyObject, Sendable {
    var events: AsyncStream<RelayLinkEvent> { get }
    func send(_ message: ClientMessage)
    /// Makes the link's room on the relay (`share`), registering its public keys (C10); harmless
    /// when it exists already.
    func createRoom(_ registration: RoomRegistration) async throws
    /// Stores a sealed blob on the relay and returns its name, the lowercase hex SHA-256 of `data`.
    func putBlob(_ data: Data) async throws -> String
    /// The blob named `sha256`, checked against its name.
    func blob(_ sha256: String) async throws -> Data
    /// Ends the connection and the reconnecting; `events` finishes.
    func close()
}

/// Why a link could not do what was asked, as sentences a person can act on.
public enum RelayLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreachable(server: String, reason: String)
    case blobNotFound(sha256: String)
    case blobCorrupted(sha256: String)
    case refused(reason: String)
    case closed
    /// 429: too many connections or new rooms from this address (SPEC C8).
    case tooManyRequests(server: String)
    /// 503: the relay holds all the rooms it may.
    case relayFull(server: String)
    /// 507: the relay's storage is full; existing rooms keep working.
    case relayOutOfSpace(server: String)
    /// 413: more than the relay takes (a background image).
    case tooLarge(server: String)
    /// 408: the relay gave up waiting for the request.
    case tooSlow(server: String)
    /// 401: making a room on this relay needs a token.
    case tokenRequired(server: String)
    /// 403: the token given is not the relay's.
    case tokenRejected(server: String)

    /// The case for a refusal status of SPEC C8, nil for any other status. The relay's own
    /// words are never shown: each status has a sentence in the person's language.
    public static func bound(status: Int, server: String) -> RelayLinkError? {
        switch status {
        case 401: .tokenRequired(server: server)
        case 403: .tokenRejected(server: server)
        case 408: .tooSlow(server: server)
        case 413: .tooLarge(server: server)
        case 429: .tooManyRequests(server: server)
        case 503: .relayFull(server: server)
        case 507: .relayOutOfSpace(server: server)
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let server, let reason):
            localized(
                "The relay at {server} could not be reached ({reason}); check the address and that the relay is running.",
                ["server": server, "reason": reason])
        case .blobNotFound(let sha256):
            localized(
                "The relay has no image {name}…; the person who shared it may need to share the document again.",
                ["name": String(sha256.prefix(12))])
        case .blobCorrupted(let sha256):
            localized("The image {name}… the relay sent does not match its name; it was not used.", ["name": String(sha256.prefix(12))])
        case .refused(let reason):
            // TRANSLATORS: {reason} is the relay's answer, e.g. "404 Not Found".
            localized("The relay refused: {reason}", ["reason": reason])
        case .closed:
            localized("The connection to the relay was closed.")
        case .tooManyRequests(let server):
            localized("The relay at {server} has had too many requests from this address; wait a minute and try again.", ["server": server])
        case .relayFull(let server):
            localized("The relay at {server} holds as many rooms as it may; try again later or use another relay.", ["server": server])
        case .relayOutOfSpace(let server):
            localized(
                "The relay at {server} is out of storage: rooms on it keep working, but it takes no new rooms or images. Use another relay.",
                ["server": server])
        case .tooLarge(let server):
            localized("The relay at {server} does not take anything this large; use a smaller background image.", ["server": server])
        case .tooSlow(let server):
            localized("The relay at {server} gave up waiting for the upload; check the connection and try again.", ["server": server])
        case .tokenRequired(let server):
            localized("The relay at {server} needs a token to make a room; ask whoever runs it for one.", ["server": server])
        case .tokenRejected(let server):
            localized("The relay at {server} did not accept the token; check it with whoever runs the relay.", ["server": server])
        }
    }
}
