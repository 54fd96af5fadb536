import EmojiArtCollab
import EmojiArtCore
import Foundation

/// How this computer enters a room (C2, C8, C10), decided once for the window and for
/// `emojiart share` / `join`: Share makes a new room with the relay's create token, Join checks
/// the link's key against the one kept for its room, and a shared file reopened connects only
/// with the key kept for its relay, and only to a relay this user agreed to use. The callers
/// carry out what it decides: the window with dialogs and toasts, the command line with its
/// options and exit status.
public struct RoomEntry: Sendable {
    public let storage: CollabStorage
    /// The link a decision talks to the relay through, with the create token to send.
    private let makeLink: @Sendable (RoomLink, _ createToken: String?) -> any RelayLink

    public init(
        storage: CollabStorage,
        makeLink: @escaping @Sendable (RoomLink, _ createToken: String?) -> any RelayLink = { address, token in
            WebSocketRelayLink(address: address, options: .init(createToken: token))
        }
    ) {
        self.storage = storage
        self.makeLink = makeLink
    }

    // MARK: - Share

    /// A new room on `server`: a random id and a new key.
    public static func newRoom(on server: String) -> RoomLink {
        RoomLink(server: server, room: RoomLink.randomRoomID(), key: RoomKey.random().text)
    }

    /// What making a room came to.
    public enum Creation: Hashable, Sendable {
        case created
        /// The relay makes rooms only for its token's holders (C8): none was sent, or
        /// `rejected`, the one sent is not its token. `reason` says so in a sentence.
        case needsToken(rejected: Bool, reason: String)
        /// Anything else (unreachable, full, too many requests): why, in a sentence.
        case failed(reason: String)
    }

    /// Makes the room at `address` on its relay with its key's public halves (C10). The token sent
    /// is `given` (typed by the person, or the command line's token file), else the one kept for
    /// that relay; a token that made the room is kept for the relay, so the next room there
    /// needs none.
    public func createRoom(at address: RoomLink, token given: String? = nil) async -> Creation {
        let token = given ?? storage.relayTokens.token(for: address.server)
        do {
            let link = makeLink(address, token)
            defer { link.close() }
            try await link.createRoom(try RoomSessionSetup(address: address, storage: storage).sealer.credentials.registration)
        } catch let refusal as RelayLinkError {
            switch refusal {
            case .tokenRequired, .tokenRejected: return .needsToken(rejected: token != nil, reason: refusal.description)
            default: return .failed(reason: refusal.description)
            }
        } catch {
            return .failed(reason: String(describing: error))
        }
        if let token { try? storage.relayTokens.save(token, for: address.server) }
        return .created
    }

    // MARK: - Join

    /// What joining a room by its link needs.
    public enum Joining: Hashable, Sendable {
        /// The link's key is the one kept for the room, or none is kept.
        case join
        /// Another key is kept for the room: the link replaces it only when the person agrees
        /// (C10: a forged link must not swap a key silently).
        case replacesKeptKey
    }

    /// - Throws: `CollabError.linkWithoutKey`, or the key store's error when its file cannot be read.
    public func joining(_ address: RoomLink) throws -> Joining {
        guard let key = address.key else { throw CollabError.linkWithoutKey }
        guard let kept = try storage.keys.key(for: address.room), kept != key else { return .join }
        return .replacesKeptKey
    }

    // MARK: - Reopening a shared file

    /// What a document that names `room` does when it opens (C2, C10).
    public enum Reopening: Hashable, Sendable {
        /// The room's key is kept for its relay, a relay this user has used: connect.
        case connect(RoomLink)
        /// The key is kept, but this user never used the relay: connect only once the person
        /// agrees, since connecting tells that relay their address and name.
        case askFirst(RoomLink)
        /// No key for the room at its relay: the document stays offline, saying why.
        case offline(reason: String)
    }

    public func reopening(_ room: SharedRoom) -> Reopening {
        guard let key = try? storage.keys.key(for: room.room, relay: room.server) else {
            // A key of this room kept for another relay is never taken there (C10).
            if let keptRelay = try? storage.keys.relay(for: room.room) {
                return .offline(reason: CollabError.keyForAnotherRelay(room: room.room, kept: keptRelay, named: room.server).description)
            }
            return .offline(reason: CollabError.noKeyForSharedDocument(server: room.server).description)
        }
        let address = RoomLink(server: room.server, room: room.room, key: key)
        return storage.knownRelays.contains(room.server) ? .connect(address) : .askFirst(address)
    }
}
