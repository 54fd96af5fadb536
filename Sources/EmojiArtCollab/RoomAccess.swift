import Crypto
import Foundation

/// What a link lets its holder do in a room (C12): edit, or only watch.
public enum RoomRole: String, Hashable, Sendable, Codable {
    case edit, view
}

/// What a room's link gives its holder (C10, C12; docs/sharing.md, "Keys"). An edit link carries
/// the 16-byte room key; everything else is derived from it (HKDF-SHA256):
///
///     sealing key    HKDF(room key, "emojiart room 2", "seal", 16)      AES-GCM, payloads and blobs
///     legacy access  HKDF(room key, "emojiart room 2", "access", 32)    proves a protocol-2 room once
///     edit key       HKDF(room key, "emojiart room 3", "edit", 32)      Ed25519: admits editors, signs edits
///     view secret    HKDF(room key, "emojiart room 3", "view", 16)
///     view key       HKDF(view secret, "emojiart room 3", "view admission", 32)   Ed25519: admits viewers
///
/// A view link carries the sealing key, the view secret and the edit key's *public* half (64
/// bytes): it reads the room, admits itself as a viewer and checks every edit's signature, but
/// it cannot sign one, and the room key cannot be derived from it. The relay keeps only the two
/// public keys, so reading its disk admits nobody; no secret ever goes to a relay.
public struct RoomCredentials: Hashable, Sendable {
    public let role: RoomRole
    /// AES-128 for payloads and blobs.
    public let sealingKey: [UInt8]
    /// The edit key's public half: every edit and snapshot is checked against it.
    public let editorKey: [UInt8]
    /// The view key's public half.
    public let viewerKey: [UInt8]
    private let viewSecret: [UInt8]
    private let viewSeed: [UInt8]
    /// Edit links only.
    private let editSeed: [UInt8]?
    private let legacyAccess: [UInt8]?

    /// An edit link's credentials.
    public init(roomKey: [UInt8]) {
        let editSeed = KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol3, info: "edit", length: 32)
        let viewSecret = KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol3, info: "view", length: 16)
        self.init(
            role: .edit,
            sealingKey: KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol2, info: "seal", length: 16),
            viewSecret: viewSecret,
            editorKey: Ed25519.publicKey(seed: editSeed),
            editSeed: editSeed,
            legacyAccess: KeyDerivation.key(from: roomKey, salt: KeyDerivation.protocol2, info: "access", length: 32))
    }

    /// A view link's credentials: its 64 bytes (sealing key, view secret, edit public key); nil
    /// for anything else.
    public init?(viewKey bytes: [UInt8]) {
        guard bytes.count == Self.viewKeyLength else { return nil }
        self.init(
            role: .view, sealingKey: Array(bytes[0..<16]), viewSecret: Array(bytes[16..<32]), editorKey: Array(bytes[32..<64]),
            editSeed: nil, legacyAccess: nil)
    }

    private init(role: RoomRole, sealingKey: [UInt8], viewSecret: [UInt8], editorKey: [UInt8], editSeed: [UInt8]?, legacyAccess: [UInt8]?) {
        self.role = role
        self.sealingKey = sealingKey
        self.viewSecret = viewSecret
        self.editorKey = editorKey
        self.editSeed = editSeed
        self.legacyAccess = legacyAccess
        viewSeed = KeyDerivation.key(from: viewSecret, salt: KeyDerivation.protocol3, info: "view admission", length: 32)
        viewerKey = Ed25519.publicKey(seed: viewSeed)
    }

    /// The length of a view link's key, in bytes (86 characters of base64url).
    public static let viewKeyLength = 64

    /// What a view link carries; nil for a view link's own credentials (it is one already).
    public var viewKey: [UInt8]? {
        role == .edit ? sealingKey + viewSecret + editorKey : nil
    }

    /// What the room's creator registers with the relay (`PUT /room`): public keys only.
    public var registration: RoomRegistration {
        RoomRegistration(editor: Base64URL.encode(editorKey), viewer: Base64URL.encode(viewerKey))
    }

    public var canEdit: Bool { editSeed != nil }

    /// The answer to a relay's challenge: my role's signature over the nonce, the room, my client
    /// id and the protocol version, plus, for a room made before protocol 3, the proof of its old
    /// key and the public keys to register (an edit link only).
    public func proof(answering challenge: RelayMessage.Challenge, room: String, client: ClientID, secret: String) -> ClientMessage.Proof {
        let seed = editSeed ?? viewSeed
        let signature = Ed25519.sign(Signed.hello(nonce: challenge.nonce, room: room, client: client, role: role), seed: seed)
        var upgrade: ClientMessage.Proof.Upgrade?
        if challenge.upgrade, let legacyAccess {
            upgrade = .init(
                proof: LegacyAccess(key: legacyAccess).proof(nonce: challenge.nonce, room: room, client: client),
                editor: registration.editor, viewer: registration.viewer)
        }
        return ClientMessage.Proof(role: role, signature: signature, secret: secret, upgrade: upgrade)
    }

    /// The edit key's signature over `message`; nil for a view link, which has none.
    public func sign(_ message: [UInt8]) -> String? {
        editSeed.map { Ed25519.sign(message, seed: $0) }
    }

    /// Whether `signature` is the edit key's over `message`.
    public func isEdit(_ message: [UInt8], signedWith signature: String?) -> Bool {
        guard let signature else { return false }
        return Ed25519.isValid(signature, for: message, publicKey: editorKey)
    }
}

/// What a relay keeps of a room to admit its members (C10): the public keys of protocol 3, or,
/// for a room made before it and not yet proven again, protocol 2's access key, which the room's
/// first protocol-3 editor proves (an HMAC over the relay's nonce) to register the public keys.
public enum RoomVerifier: Hashable, Sendable {
    case keys(editor: [UInt8], viewer: [UInt8])
    case legacy(access: [UInt8])

    /// As stored: `3.EDITOR.VIEWER`, or protocol 2's bare access key.
    public init?(stored text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0] == "3", let editor = Base64URL.decode(String(parts[1])),
            let viewer = Base64URL.decode(String(parts[2])),
            editor.count == 32, viewer.count == 32
        {
            self = .keys(editor: editor, viewer: viewer)
        } else if parts.count == 1, let access = Base64URL.decode(text), access.count == 32 {
            self = .legacy(access: access)
        } else {
            return nil
        }
    }

    public init?(_ registration: RoomRegistration) {
        guard let editor = Base64URL.decode(registration.editor), let viewer = Base64URL.decode(registration.viewer),
            editor.count == 32, viewer.count == 32, editor != viewer
        else { return nil }
        self = .keys(editor: editor, viewer: viewer)
    }

    public var stored: String {
        switch self {
        case .keys(let editor, let viewer): "3.\(Base64URL.encode(editor)).\(Base64URL.encode(viewer))"
        case .legacy(let access): Base64URL.encode(access)
        }
    }

    /// The edit key's public half; nil before a protocol-2 room is proven again.
    public var editorKey: [UInt8]? {
        if case .keys(let editor, _) = self { editor } else { nil }
    }

    /// The role `proof` admits its sender to, answering `nonce` for this room and client; nil
    /// when it shows neither key.
    public func role(of proof: ClientMessage.Proof, nonce: String, room: String, client: ClientID) -> RoomRole? {
        guard case .keys(let editor, let viewer) = self else { return nil }
        let key = proof.role == .edit ? editor : viewer
        let message = Signed.hello(nonce: nonce, room: room, client: client, role: proof.role)
        return Ed25519.isValid(proof.signature, for: message, publicKey: key) ? proof.role : nil
    }
}

/// The body of `PUT /room/ID` (C10): the public keys the room's creator registers. A room that
/// exists keeps the keys it was made with.
public struct RoomRegistration: Hashable, Sendable, Codable {
    public var editor: String
    public var viewer: String

    public init(editor: String, viewer: String) {
        self.editor = editor
        self.viewer = viewer
    }

    /// The most a registration's body may hold.
    public static let maxBytes = 4096
}

/// Protocol 2's membership proof, kept only to prove a room made before protocol 3 once: an
/// HMAC over the relay's nonce, the room and the client id with the legacy access key.
public struct LegacyAccess: Hashable, Sendable {
    let key: [UInt8]

    public init(key: [UInt8]) {
        self.key = key
    }

    public func proof(nonce: String, room: String, client: ClientID) -> String {
        Base64URL.encode(mac(nonce: nonce, room: room, client: client))
    }

    /// Whether `proof` answers `nonce` for this room and client (compared in constant time).
    public func admits(proof: String, nonce: String, room: String, client: ClientID) -> Bool {
        guard let given = Base64URL.decode(proof) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            given, authenticating: message(nonce: nonce, room: room, client: client), using: SymmetricKey(data: key))
    }

    private func mac(nonce: String, room: String, client: ClientID) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message(nonce: nonce, room: room, client: client), using: SymmetricKey(data: key)))
    }

    private func message(nonce: String, room: String, client: ClientID) -> [UInt8] {
        Array(["emojiart-hello-2", nonce, room, client.rawValue].joined(separator: "\u{0}").utf8)
    }
}

/// HKDF-SHA256 (RFC 5869) over swift-crypto: every key of a room from its link (see
/// `RoomCredentials`), with each protocol's salt.
enum KeyDerivation {
    static let protocol2 = "emojiart room 2"
    static let protocol3 = "emojiart room 3"

    static func key(from inputKey: [UInt8], salt: String, info: String, length: Int) -> [UInt8] {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: inputKey), salt: Array(salt.utf8), info: Array(info.utf8), outputByteCount: length
        )
        .withUnsafeBytes { Array($0) }
    }
}

/// The exact bytes each protocol-3 signature covers (docs/sharing.md, "Keys"): a label, then
/// fields separated by NUL. Pushes and snapshots are signed over their sealed text, so the relay
/// can check them too without reading them.
public enum Signed {
    public static func hello(nonce: String, room: String, client: ClientID, role: RoomRole) -> [UInt8] {
        bytes("emojiart-hello-3", nonce, room, client.rawValue, String(CollabProtocol.version), role.rawValue)
    }

    public static func push(room: String, client: ClientID, cseq: Int, payload: Payload) -> [UInt8] {
        bytes("emojiart-push-3", room, client.rawValue, String(cseq), payload.signedText)
    }

    /// An image upload's say-so (`PUT /blob/NAME` with the room's id): only an editor uploads.
    public static func blob(room: String, name: String) -> [UInt8] {
        bytes("emojiart-blob-3", room, name)
    }

    public static func snapshot(room: String, seq: Int, payload: Payload) -> [UInt8] {
        bytes("emojiart-snapshot-3", room, String(seq), payload.signedText)
    }

    private static func bytes(_ fields: String...) -> [UInt8] {
        Array(fields.joined(separator: "\u{0}").utf8)
    }
}

extension Payload {
    /// What a signature covers of a payload: its ciphertext, or (test rooms) a canonical text of
    /// its content — never its JSON, whose dictionaries come out in another order once decoded.
    var signedText: String {
        switch self {
        case .sealed(let text): text
        case .plain(let content): content.canonicalText
        }
    }
}

extension PayloadContent {
    /// The content as text every replica writes alike (what a plain payload's signature covers).
    var canonicalText: String {
        switch self {
        case .push(let content):
            var text = "push\u{0}" + (content.previous ?? "-")
            for op in content.ops { op.writeCanonical(to: &text) }
            return text
        case .ops(let ops):
            var text = "ops"
            for op in ops { op.writeCanonical(to: &text) }
            return text
        case .roomSnapshot(let snapshot):
            let marks = snapshot.senders.marks.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.cseq):\($0.value.hash)" }
            return (["snapshot", snapshot.epoch, String(snapshot.seq), snapshot.digest, snapshot.state.digest] + marks)
                .joined(separator: "\u{0}")
        case .snapshot(let state):
            return "snapshot-1\u{0}" + state.digest
        case .preview(let frame):
            return "preview\u{0}\(frame)"
        case .presence(let presence):
            return "presence\u{0}\(presence)"
        }
    }
}

/// Ed25519 over swift-crypto (RFC 8032: deterministic, so the shared test vectors hold).
enum Ed25519 {
    static func publicKey(seed: [UInt8]) -> [UInt8] {
        // A 32-byte seed is always a valid key.
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed) else { return [] }
        return Array(key.publicKey.rawRepresentation)
    }

    static func sign(_ message: [UInt8], seed: [UInt8]) -> String {
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: seed),
            let signature = try? key.signature(for: Data(message))
        else { return "" }
        return Base64URL.encode(Array(signature))
    }

    static func isValid(_ signature: String, for message: [UInt8], publicKey: [UInt8]) -> Bool {
        let entry = VerifiedSignatures.Entry(signature: signature, publicKey: publicKey, message: message)
        if verified.contains(entry) { return true }
        guard let bytes = Base64URL.decode(signature), bytes.count == 64,
            let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey),
            key.isValidSignature(Data(bytes), for: Data(message))
        else { return false }
        verified.insert(entry)
        return true
    }

    /// Signatures checked already in this process: the relay, and every window of a room on this
    /// machine, check each push once (a check costs far more than the lookup, and several
    /// replicas in one process — the tests' — see every push).
    private static let verified = VerifiedSignatures()
}

/// A bounded set of (signature, key, message) found valid: emptied when full.
private final class VerifiedSignatures: @unchecked Sendable {
    struct Entry: Hashable {
        var signature: String
        var publicKey: [UInt8]
        var message: [UInt8]
    }

    private let lock = NSLock()
    private var entries = Set<Entry>()
    private let capacity = 4096

    func contains(_ entry: Entry) -> Bool {
        lock.withLock { entries.contains(entry) }
    }

    func insert(_ entry: Entry) {
        lock.withLock {
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries.insert(entry)
        }
    }
}
