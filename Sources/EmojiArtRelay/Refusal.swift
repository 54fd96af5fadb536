import EmojiArtCore
import Hummingbird

/// Why the relay turned a stranger's request away (SPEC C8): a status code and a short sentence
/// for whoever reads the body. Clients never show this text; they map the status to their own
/// translated sentence (`RelayLinkError`).
enum Refusal: Error, Hashable, Sendable {
    /// 429: too many connections open from one address.
    case tooManyConnections(limit: Int)
    /// 429: too many new rooms from one address this minute.
    case tooManyNewRooms(perMinute: Int)
    /// 503: the relay holds all the rooms it may.
    case tooManyRooms(limit: Int)
    /// 507: the data folder reached its quota.
    case outOfSpace
    /// 413: a body larger than the relay takes.
    case tooLarge(limit: Int)
    /// 408: headers or a body that came too slowly.
    case tooSlow
    /// 401: making a room needs a token and none was given.
    case tokenMissing
    /// 403: the token given is not the relay's.
    case tokenWrong
    /// 429: too many wrong tokens from one address this minute.
    case tooManyWrongTokens(perMinute: Int)
    /// 409: the id of a deleted room, asked for with other keys than its own (C10).
    case roomIDTaken
    /// 403: an image upload without a room's editor's say-so (C10).
    case uploadRefused

    var status: HTTPResponse.Status {
        switch self {
        case .tooManyConnections, .tooManyNewRooms, .tooManyWrongTokens: .tooManyRequests
        case .tooManyRooms: .serviceUnavailable
        case .outOfSpace: .init(code: 507, reasonPhrase: "Insufficient Storage")
        case .tooLarge: .contentTooLarge
        case .tooSlow: .requestTimeout
        case .tokenMissing: .unauthorized
        case .tokenWrong: .forbidden
        case .roomIDTaken: .conflict
        case .uploadRefused: .forbidden
        }
    }

    /// What the relay's log calls this kind of refusal (one line per kind per minute at most).
    var kind: String {
        switch self {
        case .tooManyConnections: "connections per address"
        case .tooManyNewRooms: "rooms per minute"
        case .tooManyRooms: "max rooms"
        case .outOfSpace: "data quota"
        case .tooLarge: "too large"
        case .tooSlow: "too slow"
        case .tokenMissing: "token missing"
        case .tokenWrong: "token wrong"
        case .tooManyWrongTokens: "wrong tokens per minute"
        case .roomIDTaken: "deleted room’s id"
        case .uploadRefused: "upload without a member’s signature"
        }
    }

    var sentence: String {
        switch self {
        case .tooManyConnections(let limit):
            localized("Too many connections from your address (at most {limit}); close some and try again.", ["limit": String(limit)])
        case .tooManyNewRooms(let perMinute):
            localized(
                "Too many new rooms from your address (at most {limit} a minute); wait a minute and try again.",
                ["limit": String(perMinute)])
        case .tooManyRooms(let limit):
            localized("This relay holds as many rooms as it may ({limit}); try again later or use another relay.", ["limit": String(limit)])
        case .outOfSpace:
            localized("This relay’s storage is full; existing rooms keep working, but it takes no new rooms or images.")
        case .tooLarge(let limit):
            localized("That is more than this relay takes ({limit} bytes).", ["limit": String(limit)])
        case .tooSlow:
            localized("The request arrived too slowly; the connection is closed.")
        case .tokenMissing:
            localized("Making a room on this relay needs its token.")
        case .tokenWrong:
            localized("That is not this relay’s token.")
        case .tooManyWrongTokens(let perMinute):
            localized(
                "Too many wrong tokens from your address (at most {limit} a minute); wait a minute and try again.",
                ["limit": String(perMinute)])
        case .uploadRefused:
            localized("Only a member of a room with its edit link uploads images to it; name the room and sign the upload.")
        case .roomIDTaken:
            localized("This room id belonged to a room that was deleted; only its own members can make it again. Use a new room id.")
        }
    }
}
