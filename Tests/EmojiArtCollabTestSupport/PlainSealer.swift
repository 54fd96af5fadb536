import EmojiArtCollab
import Foundation

/// No encryption: content travels as it is. A test double only: the product never sends a room
/// anything unsealed (C10).
public struct PlainSealer: PayloadSealer {
    public let credentials: RoomCredentials

    public init(credentials: RoomCredentials = PlainSealer.testCredentials) {
        self.credentials = credentials
    }

    /// The edit link of every plain room (the in-memory relay registers its public keys).
    public static let testCredentials = RoomCredentials(roomKey: Array(repeating: 7, count: 16))
    /// Its key as a link carries it (what signs a plain room's uploads).
    public static let testKeyText = Base64URL.encode(Array(repeating: 7, count: 16))
    /// Its view link.
    public static let testViewCredentials = RoomCredentials(viewKey: testCredentials.viewKey!)!
    /// What a plain room's relay keeps.
    public static let testVerifier = RoomVerifier(testCredentials.registration)!.stored

    public func sealBlob(_ image: Data, room: String) -> Data { image }
    public func openBlob(_ blob: Data, room: String) -> Data { blob }

    public func seal(_ content: PayloadContent, context: SealContext) -> Payload {
        .plain(content)
    }

    public func open(_ payload: Payload, context: SealContext) throws -> PayloadContent {
        guard case .plain(let content) = payload else { throw CollabError.sealedPayloadWithoutKey }
        return content
    }
}

extension SequencedPush {
    /// A push of a plain room as the relay orders it, signed with `credentials`' edit key (C10):
    /// what another member's edit looks like to a session under test.
    public static func signed(
        seq: Int, client: ClientID, cseq: Int, _ content: PayloadContent, room: String,
        credentials: RoomCredentials = PlainSealer.testCredentials
    ) -> SequencedPush {
        let payload = Payload.plain(content)
        return SequencedPush(
            seq: seq, client: client, cseq: cseq, payload: payload,
            signature: credentials.sign(Signed.push(room: room, client: client, cseq: cseq, payload: payload)))
    }
}
