import EmojiArtCollab
import Foundation

/// No encryption: content travels as it is. A test double only: the product never sends a room
/// anything unsealed (C10).
public struct PlainSealer: PayloadSealer {
    public let access: RoomAccess

    public init(access: RoomAccess = PlainSealer.testAccess) {
        self.access = access
    }

    /// The access key of every plain room (the in-memory relay registers it).
    public static let testAccess = RoomAccess(key: Array(repeating: 7, count: 32))

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
