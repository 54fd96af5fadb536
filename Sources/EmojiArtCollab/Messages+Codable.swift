import Foundation

/// Frames are one JSON object: `{"type":"push","cseq":3,"payload":…}`. The fields of a case's
/// value sit beside `type` (encoded into the same object), so the relay and a client of another
/// language read them without nesting.
private enum TypeKey: String, CodingKey { case type }
private enum ValueKey: String, CodingKey { case client, payload }

extension ClientMessage: Codable {
    private enum Kind: String, Codable { case hello, proof, push, preview, presence, snapshot, ping }

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: TypeKey.self).decode(Kind.self, forKey: .type) {
        case .hello: self = .hello(try Hello(from: decoder))
        case .proof: self = .proof(try Proof(from: decoder))
        case .push: self = .push(try Push(from: decoder))
        case .preview: self = .preview(try decoder.container(keyedBy: ValueKey.self).decode(Payload.self, forKey: .payload))
        case .presence: self = .presence(try decoder.container(keyedBy: ValueKey.self).decode(Payload.self, forKey: .payload))
        case .snapshot: self = .snapshot(try SnapshotPush(from: decoder))
        case .ping: self = .ping
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var type = encoder.container(keyedBy: TypeKey.self)
        switch self {
        case .hello(let hello):
            try type.encode(Kind.hello, forKey: .type)
            try hello.encode(to: encoder)
        case .proof(let proof):
            try type.encode(Kind.proof, forKey: .type)
            try proof.encode(to: encoder)
        case .push(let push):
            try type.encode(Kind.push, forKey: .type)
            try push.encode(to: encoder)
        case .preview(let payload):
            try type.encode(Kind.preview, forKey: .type)
            var values = encoder.container(keyedBy: ValueKey.self)
            try values.encode(payload, forKey: .payload)
        case .presence(let payload):
            try type.encode(Kind.presence, forKey: .type)
            var values = encoder.container(keyedBy: ValueKey.self)
            try values.encode(payload, forKey: .payload)
        case .snapshot(let snapshot):
            try type.encode(Kind.snapshot, forKey: .type)
            try snapshot.encode(to: encoder)
        case .ping:
            try type.encode(Kind.ping, forKey: .type)
        }
    }
}

extension RelayMessage: Codable {
    private enum Kind: String, Codable { case challenge, welcome, op, preview, presence, left, error, pong }

    public init(from decoder: any Decoder) throws {
        switch try decoder.container(keyedBy: TypeKey.self).decode(Kind.self, forKey: .type) {
        case .challenge: self = .challenge(try Challenge(from: decoder))
        case .welcome: self = .welcome(try Welcome(from: decoder))
        case .op: self = .op(try SequencedPush(from: decoder))
        case .preview: self = .preview(try Forwarded(from: decoder))
        case .presence: self = .presence(try Forwarded(from: decoder))
        case .left: self = .left(try decoder.container(keyedBy: ValueKey.self).decode(ClientID.self, forKey: .client))
        case .error: self = .error(try RelayError(from: decoder))
        case .pong: self = .pong
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var type = encoder.container(keyedBy: TypeKey.self)
        switch self {
        case .challenge(let challenge):
            try type.encode(Kind.challenge, forKey: .type)
            try challenge.encode(to: encoder)
        case .welcome(let welcome):
            try type.encode(Kind.welcome, forKey: .type)
            try welcome.encode(to: encoder)
        case .op(let push):
            try type.encode(Kind.op, forKey: .type)
            try push.encode(to: encoder)
        case .preview(let forwarded):
            try type.encode(Kind.preview, forKey: .type)
            try forwarded.encode(to: encoder)
        case .presence(let forwarded):
            try type.encode(Kind.presence, forKey: .type)
            try forwarded.encode(to: encoder)
        case .left(let client):
            try type.encode(Kind.left, forKey: .type)
            var values = encoder.container(keyedBy: ValueKey.self)
            try values.encode(client, forKey: .client)
        case .error(let error):
            try type.encode(Kind.error, forKey: .type)
            try error.encode(to: encoder)
        case .pong:
            try type.encode(Kind.pong, forKey: .type)
        }
    }
}

/// Text frames ↔ messages, bounded (C1: an oversized frame is refused, never read).
public enum WireCodec {
    public static func encode(_ message: ClientMessage) throws -> Data {
        try encoder.encode(message)
    }

    public static func encode(_ message: RelayMessage) throws -> Data {
        try encoder.encode(message)
    }

    public static func clientMessage(from frame: Data) throws(CollabError) -> ClientMessage {
        try decode(ClientMessage.self, from: frame)
    }

    public static func relayMessage(from frame: Data) throws(CollabError) -> RelayMessage {
        try decode(RelayMessage.self, from: frame)
    }

    private static func decode<Message: Decodable>(_ type: Message.Type, from frame: Data) throws(CollabError) -> Message {
        guard frame.count <= CollabProtocol.maxFrameBytes else {
            throw .messageTooLarge(byteCount: frame.count, limit: CollabProtocol.maxFrameBytes)
        }
        do {
            return try JSONDecoder().decode(type, from: frame)
        } catch {
            throw .unreadableMessage(reason: String(describing: error))
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
