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
    /// The relay sent a sender's push a second time, or an older one after a newer (C10).
    case relayReplayed(sender: String, number: Int)
    /// A sender's pushes before this one never arrived.
    case relayWithheld(sender: String, first: Int, last: Int)
    /// A push that does not follow its sender's previous one.
    case pushOffChain(sender: String, number: Int)
    /// A snapshot placed where it does not belong, or not the state it names.
    case snapshotMisplaced
    /// The relay's log went back within one epoch.
    case relayRolledBack
    /// A shared document whose room's key is not on this computer: it stays offline (C10).
    case noKeyForSharedDocument(server: String)
    /// An edit or snapshot without the edit key's signature (C10, C12): skipped.
    case unsigned(kind: String, sender: String?)
    /// A relay number out of range inside one edit: that edit is skipped.
    case numberOutOfRange(sender: String, number: Int)
    /// The relay started the room afresh (a new epoch): this window's copy was sent again.
    case roomStartedAfresh
    /// A welcome acknowledging edits of mine from an epoch I never pushed in: ignored.
    case foreignAcknowledgement(number: Int)
    /// This window holds a view link (C12).
    case viewOnly
    /// A room from before protocol 3 that only an edit link can prove again.
    case needsEditLinkOnce
    /// A shared document naming a room whose key this computer keeps for another relay (C10).
    case keyForAnotherRelay(room: String, kept: String, named: String)

    public var description: String {
        switch self {
        case .sealedPayloadWithoutKey:
            localized(
                "The room’s edits are encrypted and this window has no key for them: join with the full link, including the part after “#”."
            )
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
                "The edits waiting to be sent could not be saved to “{path}” ({reason}); free some disk space or check the folder’s permissions.",
                ["path": path, "reason": reason])
        case .keyUnreadable(let path, let reason):
            localized(
                "The room’s key in “{path}” could not be read ({reason}); join again with the full link.", ["path": path, "reason": reason])
        case .keyUnwritable(let path, let reason):
            localized(
                "The room’s key could not be saved to “{path}” ({reason}); check the folder’s permissions, and keep the link to join again.",
                ["path": path, "reason": reason])
        case .folderNotPrivate(let path, let reason):
            localized(
                "The folder “{path}” cannot hold rooms’ keys and edits privately ({reason}); nothing was written there.",
                ["path": path, "reason": reason])
        case .anotherKeyStored:
            localized(
                "This computer keeps another key for this room, and it was not replaced. To use the new link’s key instead, join again and choose to replace it (emojiart join --replace-key)."
            )
        case .relayReplayed(let sender, let number):
            localized(
                "Edit {number} from {sender} arrived a second time and was ignored; the relay may be misbehaving.",
                ["number": String(number), "sender": sender])
        case .relayWithheld(let sender, let first, let last):
            localized(
                "Edits {first}–{last} from {sender} never arrived: the relay refused or withheld them. What came after them is shown.",
                ["first": String(first), "last": String(last), "sender": sender])
        case .pushOffChain(let sender, let number):
            localized(
                "Edit {number} from {sender} does not follow their earlier edits: the room’s history was changed on the way. It is shown, but the room may differ between members; share the document again to be sure.",
                ["number": String(number), "sender": sender])
        case .relayRolledBack:
            localized("The relay went back to an earlier state of the room; this window sent the room’s state again.")
        case .snapshotMisplaced:
            localized("The relay sent a snapshot of the room that is not what it claims to be; it was ignored.")
        case .linkWithoutKey:
            localized("This link has no key (the part after “#”), so the room cannot be opened; ask for the whole link.")
        case .noKeyForSharedDocument(let server):
            // TRANSLATORS: {server} is a relay's address, e.g. ws://relay.example:7447.
            localized(
                "This document is shared through {server}, but this computer has no key for its room, so it stays offline. To edit it together again, paste the room’s link in Join….",
                ["server": server])
        case .unsigned(let kind, let sender?):
            // TRANSLATORS: {kind} is "an edit" or "a snapshot".
            localized(
                "Something from {sender} ({kind}) is not signed with the room’s edit key and was ignored: whoever sent it holds at most a view link.",
                ["kind": kind, "sender": sender])
        case .unsigned(let kind, nil):
            localized(
                "Something in the room ({kind}) is not signed with the room’s edit key and was ignored: whoever sent it holds at most a view link.",
                ["kind": kind])
        case .numberOutOfRange(let sender, let number):
            localized(
                "An edit from {sender} carried the number {number}, which no room reaches; it was ignored and the rest of the room loaded.",
                ["sender": sender, "number": String(number)])
        case .roomStartedAfresh:
            localized("The relay started this room afresh (its data was lost or replaced); this window sent the room as it has it again.")
        case .foreignAcknowledgement(let number):
            localized(
                "The relay claimed it already has edit {number} of this window in a room it just started; nothing was dropped, and the edits waiting were sent again.",
                ["number": String(number)])
        case .viewOnly:
            localized("This window views the room only: its link is a view link. Ask for the edit link to change the picture.")
        case .needsEditLinkOnce:
            localized(
                "This room was made by an earlier EmojiArt and must be opened once with its edit link before a view link can join it.")
        case .keyForAnotherRelay(let room, let kept, let named):
            // TRANSLATORS: {kept} and {named} are relays' addresses, e.g. ws://relay.example:7447.
            localized(
                "This document names the room {room} at {named}, but this computer keeps that room’s key for {kept}, so it stays offline. If the room really moved, join it again with its link.",
                ["room": room, "kept": kept, "named": named])
        case .journalOfAnotherRoom(let path):
            localized("“{path}” holds the waiting edits of another room; it was left as it is.", ["path": path])
        }
    }
}
