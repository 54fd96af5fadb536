import EmojiArtCore

/// What can go wrong in the engine, as sentences a person can act on.
public enum CollabError: Error, Hashable, Sendable, CustomStringConvertible {
    case sealedPayloadWithoutKey
    case unreadableMessage(reason: String)
    case messageTooLarge(byteCount: Int, limit: Int)
    case journalUnreadable(path: String, reason: String)
    case journalUnwritable(path: String, reason: String)
    case journalOfAnotherRoom(path: String)
    case keyUnreadable(path: String, reason: String)
    case keyUnwritable(path: String, reason: String)
    /// A link without the room's key (C10: there is no unencrypted room).
    case linkWithoutKey
    /// A folder for keys, outboxes or replicas that cannot be made private.
    case folderNotPrivate(path: String, reason: String)
    /// Another key is kept for this room; it is replaced only when the person agrees.
    case anotherKeyStored(room: String)
    /// A shared document whose room's key is not on this computer: it stays offline (C10).
    case noKeyForSharedDocument(server: String)

    public var description: String {
        switch self {
        case .sealedPayloadWithoutKey:
            localized("The room's edits are encrypted and this window has no key for them: join with the full link, including the part after “#”.")
        case .unreadableMessage(let reason):
            localized("A message from the relay could not be read ({reason}); the relay may be a different version.", ["reason": reason])
        case .messageTooLarge(let byteCount, let limit):
            localized(
                "A message of {size} bytes is larger than the {limit} bytes a room accepts.",
                ["size": String(byteCount), "limit": String(limit)])
        case .journalUnreadable(let path, let reason):
            localized(
                "The edits waiting to be sent, in “{path}”, could not be read ({reason}); move the file away to start without them.",
                ["path": path, "reason": reason])
        case .journalUnwritable(let path, let reason):
            localized(
                "The edits waiting to be sent could not be saved to “{path}” ({reason}); free some disk space or check the folder's permissions.",
                ["path": path, "reason": reason])
        case .keyUnreadable(let path, let reason):
            localized("The room's key in “{path}” could not be read ({reason}); join again with the full link.", ["path": path, "reason": reason])
        case .keyUnwritable(let path, let reason):
            localized(
                "The room's key could not be saved to “{path}” ({reason}); check the folder's permissions, and keep the link to join again.",
                ["path": path, "reason": reason])
        case .folderNotPrivate(let path, let reason):
            localized(
                "The folder “{path}” cannot hold rooms' keys and edits privately ({reason}); nothing was written there.",
                ["path": path, "reason": reason])
        case .anotherKeyStored:
            localized("This computer keeps another key for this room, and it was not replaced. To use the new link's key instead, join again and choose to replace it (emojiart join --replace-key).")
        case .linkWithoutKey:
            localized("This link has no key (the part after “#”), so the room cannot be opened; ask for the whole link.")
        case .noKeyForSharedDocument(let server):
            // TRANSLATORS: {server} is a relay's address, e.g. ws://relay.example:7447.
            localized(
                "This document is shared through {server}, but this computer has no key for its room, so it stays offline. To edit it together again, paste the room's link in Join….",
                ["server": server])
        case .journalOfAnotherRoom(let path):
            localized("“{path}” holds the waiting edits of another room; it was left as it is.", ["path": path])
        }
    }
}
