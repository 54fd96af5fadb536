import Crypto
import EmojiArtCollab
import EmojiArtCore
import Foundation

/// What travels in a link after `#` (SPEC C7, C12), as base64url without padding: an edit
/// link's 128-bit room key (22 characters), or a view link's 64 bytes (86 characters: the
/// sealing key, the view secret and the edit key's public half, `RoomCredentials`).
public struct RoomKey: Sendable, Hashable {
    /// The bytes (SymmetricKey is not Sendable; one is made for each use).
    private let bytes: Data

    var key: SymmetricKey { SymmetricKey(data: bytes) }

    /// What the link lets its holder do, and the keys for it (C7, C10, C12).
    public var credentials: RoomCredentials {
        RoomCredentials(viewKey: [UInt8](bytes)) ?? RoomCredentials(roomKey: [UInt8](bytes))
    }

    /// Whether this is a view link's key (C12).
    public var isViewKey: Bool { bytes.count == RoomCredentials.viewKeyLength }

    /// The view link's key for this room; nil for a view link's own.
    public var viewKey: RoomKey? {
        credentials.viewKey.map { RoomKey(bytes: Data($0)) }
    }

    public static func random() -> RoomKey {
        RoomKey(bytes: SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
    }

    public init(text: String) throws(SealError) {
        guard let decoded = Base64URL.decode(text), decoded.count == 16 || decoded.count == RoomCredentials.viewKeyLength else {
            throw .badKey
        }
        bytes = Data(decoded)
    }

    private init(bytes: Data) {
        self.bytes = bytes
    }

    public var text: String { Base64URL.encode(bytes) }
}

/// End-to-end encryption of everything a room stores or forwards (C7, as Excalidraw does):
/// AES-GCM with the room's sealing key (derived from the link's key, `RoomCredentials`); each
/// payload's associated data is (room, epoch, kind, sender, counter) — the push's cseq, the
/// snapshot's seq — so a payload replayed into another room, another epoch, as another client's,
/// as another push or as another kind is refused, and so is a tampered one. Background images are sealed the same
/// way before they are uploaded, bound to the room. The relay sees ciphertext only.
///
/// Payloads of rooms from before protocol 2 (`v1.`, sealed with the link's key itself) still
/// open, and so do their blobs, which were the image itself (named by its own hash, which the
/// caller checks).
///
/// Replays, reordering and withholding of whole pushes are the session's to catch, across
/// restarts (`SenderChains`).
public struct AESGCMSealer: PayloadSealer {
    /// An edit link's key, which sealed protocol 1's payloads itself.
    private let legacyKey: RoomKey?
    private let sealingKey: Data
    public let credentials: RoomCredentials

    public init(key: RoomKey) {
        legacyKey = key.isViewKey ? nil : key
        credentials = key.credentials
        sealingKey = Data(credentials.sealingKey)
    }

    /// Protocol 3 (the epoch in the associated data); 2 and 1 still open (a room's log from before).
    static let prefix = "v3."
    static let protocol2Prefix = "v2."
    static let legacyPrefix = "v1."
    /// What a sealed blob starts with; a blob without it is an image from before protocol 2.
    static let blobMagic = Data("emojiart-blob-2\n".utf8)

    public func seal(_ content: PayloadContent, context: SealContext) throws -> Payload {
        let plaintext = try JSONEncoder().encode(content)
        let box = try AES.GCM.seal(
            plaintext, using: SymmetricKey(data: sealingKey), authenticating: Self.associatedData(context, version: 3))
        guard let combined = box.combined else { throw SealError.cannotOpen(kind: context.kind.rawValue, sender: context.sender?.rawValue) }
        return .sealed(Self.prefix + combined.base64EncodedString())
    }

    public func open(_ payload: Payload, context: SealContext) throws -> PayloadContent {
        guard case .sealed(let text) = payload else { throw SealError.notEncrypted(kind: context.kind.rawValue) }
        let cannotOpen = SealError.cannotOpen(kind: context.kind.rawValue, sender: context.sender?.rawValue)
        let (key, version, body): (SymmetricKey, Int, Substring)
        if text.hasPrefix(Self.prefix) {
            (key, version, body) = (SymmetricKey(data: sealingKey), 3, text.dropFirst(Self.prefix.count))
        } else if text.hasPrefix(Self.protocol2Prefix) {
            (key, version, body) = (SymmetricKey(data: sealingKey), 2, text.dropFirst(Self.protocol2Prefix.count))
        } else if text.hasPrefix(Self.legacyPrefix), let legacyKey {
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
        let epoch = version >= 3 ? [context.epoch] : []
        return Data(
            (["emojiart-collab-\(version)", context.room] + epoch
                + [context.kind.rawValue, context.sender?.rawValue ?? "", String(context.counter)])
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
