import EmojiArtCore
import Foundation

/// What a connection to a relay reports, in order, on one `AsyncStream` (COLLAB.md "Traps": NIO's
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
    /// Makes the link's room on the relay (`share`), registering the verifier of its access key
    /// (C10); harmless when it exists already.
    func createRoom(verifier: String) async throws
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
        }
    }
}
