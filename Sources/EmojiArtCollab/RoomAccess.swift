/// Membership of a room (C10): holding its key, not knowing its id. From the room key a client
/// derives an access key; the room's creator registers it with the relay as the room's verifier
/// (`PUT /room`), and every connection proves it holds it by answering the relay's challenge —
/// an HMAC over the relay's nonce, the room and the client id — so a proof is good for one
/// connection, one room and one client only. The relay can admit members with the verifier but
/// cannot read the room: the sealing key is derived separately and never leaves the clients.
public struct RoomAccess: Hashable, Sendable {
    private let key: [UInt8]

    public init(key: [UInt8]) {
        self.key = key
    }

    /// The relay's side: the verifier a room was registered with; nil when it is not one.
    public init?(verifier: String) {
        guard let key = Base64URL.decode(verifier), key.count == 32 else { return nil }
        self.key = key
    }

    /// What the room's creator registers with the relay.
    public var verifier: String { Base64URL.encode(key) }

    /// The answer to a relay's challenge.
    public func proof(nonce: String, room: String, client: ClientID) -> String {
        Base64URL.encode(mac(nonce: nonce, room: room, client: client))
    }

    /// Whether `proof` answers `nonce` for this room and client (compared in constant time).
    public func admits(proof: String, nonce: String, room: String, client: ClientID) -> Bool {
        guard let given = Base64URL.decode(proof) else { return false }
        return HMAC.constantTimeEqual(given, mac(nonce: nonce, room: room, client: client))
    }

    private func mac(nonce: String, room: String, client: ClientID) -> [UInt8] {
        HMAC.sha256(key: key, message: Array(["emojiart-hello-2", nonce, room, client.rawValue].joined(separator: "\u{0}").utf8))
    }
}

/// What a room key (the 16 bytes after “#” in a link) gives its holder: a sealing key for
/// everything the room stores or forwards (C7) and the access key that proves membership (C10),
/// derived apart (HKDF) so the relay's verifier reveals nothing it could open payloads with.
public struct RoomSecrets: Hashable, Sendable {
    /// AES-128: payloads and blobs of protocol 2.
    public let sealingKey: [UInt8]
    public let access: RoomAccess

    public init(roomKey: [UInt8]) {
        let salt = Array("emojiart room 2".utf8)
        sealingKey = HMAC.hkdf(inputKey: roomKey, salt: salt, info: Array("seal".utf8), length: 16)
        access = RoomAccess(key: HMAC.hkdf(inputKey: roomKey, salt: salt, info: Array("access".utf8), length: 32))
    }
}

/// The body of `PUT /room/ID` (C10): the verifier the room's creator registers. A room that
/// exists keeps the verifier it was made with.
public struct RoomRegistration: Hashable, Sendable, Codable {
    public var verifier: String

    public init(verifier: String) {
        self.verifier = verifier
    }

    /// The most a registration's body may hold.
    public static let maxBytes = 4096
}
