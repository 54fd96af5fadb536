import Crypto
import EmojiArtCollab
import EmojiArtCore
import Foundation

/// A room's 128-bit key (SPEC C7), as it travels in the link after `#`: 22 characters of
/// base64url without padding.
public struct RoomKey: Sendable, Hashable {
    /// The 16 bytes (SymmetricKey is not Sendable; one is made for each use).
    private let bytes: Data

    var key: SymmetricKey { SymmetricKey(data: bytes) }

    /// The sealing and access keys derived from this one (C7, C10).
    public var secrets: RoomSecrets { RoomSecrets(roomKey: [UInt8](bytes)) }

    public static func random() -> RoomKey {
        RoomKey(bytes: SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }

    public init(text: String) throws(SealError) {
        guard let decoded = Base64URL.decode(text), decoded.count == 16 else { throw .badKey }
        bytes = Data(decoded)
    }

    private init(bytes: Data) {
        self.bytes = bytes
    }

    public var text: String { Base64URL.encode(bytes) }
}

/// End-to-end encryption of everything a room stores or forwards (C7, as Excalidraw does):
/// AES-GCM with the room's sealing key (derived from the link's key, `RoomSecrets`); each
/// payload's associated data is (room, kind, sender, counter) — the push's cseq, the snapshot's
/// seq — so a payload replayed into another room, as another client's, as another push or as
/// another kind is refused, and so is a tampered one. Background images are sealed the same
/// way before they are uploaded, bound to the room. The relay sees ciphertext only.
///
/// Payloads of rooms from before protocol 2 (`v1.`, sealed with the link's key itself) still
/// open, and so do their blobs, which were the image itself (named by its own hash, which the
/// caller checks).
///
/// Replays, reordering and withholding of whole pushes are the session's to catch, across
/// restarts (`SenderChains`).
public struct AESGCMSealer: PayloadSealer {
    private let legacyKey: RoomKey
    private let sealingKey: Data
    public let access: RoomAccess

    public init(key: RoomKey) {
        legacyKey = key
        let secrets = key.secrets
        sealingKey = Data(secrets.sealingKey)
        access = secrets.access
    }

    static let prefix = "v2."
    static let legacyPrefix = "v1."
    /// What a sealed blob starts with; a blob without it is an image from before protocol 2.
    static let blobMagic = Data("emojiart-blob-2\n".utf8)

    public func seal(_ content: PayloadContent, context: SealContext) throws -> Payload {
        let plaintext = try JSONEncoder().encode(content)
        let box = try AES.GCM.seal(
            plaintext, using: SymmetricKey(data: sealingKey), authenticating: Self.associatedData(context, version: 2))
        guard let combined = box.combined else { throw SealError.cannotOpen(kind: context.kind.rawValue, sender: context.sender?.rawValue) }
        return .sealed(Self.prefix + combined.base64EncodedString())
    }

    public func open(_ payload: Payload, context: SealContext) throws -> PayloadContent {
        guard case .sealed(let text) = payload else { throw SealError.notEncrypted(kind: context.kind.rawValue) }
        let cannotOpen = SealError.cannotOpen(kind: context.kind.rawValue, sender: context.sender?.rawValue)
        let (key, version, body): (SymmetricKey, Int, Substring)
        if text.hasPrefix(Self.prefix) {
            (key, version, body) = (SymmetricKey(data: sealingKey), 2, text.dropFirst(Self.prefix.count))
        } else if text.hasPrefix(Self.legacyPrefix) {
            (key, version, body) = (legacyKey.key, 1, text.dropFirst(Self.legacyPrefix.count))
        } else {
            throw cannotOpen
        }
        guard let combined = Data(base64Encoded: String(body)) else { throw cannotOpen }
        let plaintext: Data
        do {
            plaintext = try AES.GCM.open(
                AES.GCM.SealedBox(combined: combined), using: key, authenticating: Self.associatedData(context, version: version))
        } catch {
            throw cannotOpen
        }
        return try JSONDecoder().decode(PayloadContent.self, from: plaintext)
    }

    public func sealBlob(_ image: Data, room: String) throws -> Data {
        let box = try AES.GCM.seal(image, using: SymmetricKey(data: sealingKey), authenticating: Self.blobAssociatedData(room: room))
        guard let combined = box.combined else { throw SealError.cannotOpen(kind: SealContext.Kind.blob.rawValue, sender: nil) }
        return Self.blobMagic + combined
    }

    public func openBlob(_ blob: Data, room: String) throws -> Data {
        guard blob.starts(with: Self.blobMagic) else { return blob }
        do {
            let box = try AES.GCM.SealedBox(combined: blob.dropFirst(Self.blobMagic.count))
            return try AES.GCM.open(box, using: SymmetricKey(data: sealingKey), authenticating: Self.blobAssociatedData(room: room))
        } catch {
            throw SealError.cannotOpen(kind: SealContext.Kind.blob.rawValue, sender: nil)
        }
    }

    static func associatedData(_ context: SealContext, version: Int) -> Data {
        Data(
            ["emojiart-collab-\(version)", context.room, context.kind.rawValue, context.sender?.rawValue ?? "", String(context.counter)]
                .joined(separator: "\u{0}").utf8)
    }

    static func blobAssociatedData(room: String) -> Data {
        Data(["emojiart-blob-2", room].joined(separator: "\u{0}").utf8)
    }
}

/// Why a payload was refused, as sentences a person can act on.
public enum SealError: Error, Hashable, Sendable, CustomStringConvertible {
    case badKey
    case notEncrypted(kind: String)
    case cannotOpen(kind: String, sender: String?)

    public var description: String {
        switch self {
        case .badKey:
            localized("The room key (the part of the link after “#”) is not valid; copy the whole link again.")
        case .notEncrypted(let kind):
            // TRANSLATORS: {kind} is one of "an edit", "a snapshot", "a drag preview", "a presence update", "a background image".
            localized(
                "Something unencrypted ({kind}) came into this encrypted room and was ignored; whoever sent it joined without the key.",
                ["kind": Self.name(ofKind: kind)])
        case .cannotOpen(let kind, nil):
            localized(
                "Something in the room ({kind}) could not be opened: it was changed on the way or sealed with another key, and was ignored. Check that everyone joined with the same full link.",
                ["kind": Self.name(ofKind: kind)])
        case .cannotOpen(let kind, let sender?):
            localized(
                "Something from {sender} ({kind}) could not be opened: it was changed on the way or sealed with another key, and was ignored. Check that everyone joined with the same full link.",
                ["kind": Self.name(ofKind: kind), "sender": sender])
        }
    }

    /// A payload's kind (`SealContext.Kind`'s raw value) as words.
    private static func name(ofKind kind: String) -> String {
        switch SealContext.Kind(rawValue: kind) {
        case .push: localized("an edit")
        case .snapshot: localized("a snapshot")
        case .preview: localized("a drag preview")
        case .presence: localized("a presence update")
        case .blob: localized("a background image")
        case nil: kind
        }
    }
}
