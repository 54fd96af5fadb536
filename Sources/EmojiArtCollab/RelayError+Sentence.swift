import EmojiArtCore

extension RelayError {
    /// What the refusal means for the person, in their language, chosen by its code (the relay
    /// sends no words of its own to show).
    public var sentence: String {
        let size = limit.map { FileReadError.formatted(byteCount: $0) } ?? "?"
        switch code {
        case .tooOld:
            return localized("The relay could not bring this window up to date from where it left off; open the shared document again.")
        case .tooLarge:
            return localized("A message was larger than the {limit} a room accepts and was not stored.", ["limit": size])
        case .badRoom:
            return localized("There is no such room on this relay; check the link, or share the document again.")
        case .badMessage:
            return localized("A message between this window and the relay could not be read; one of them may be another version of EmojiArt.")
        case .badVersion:
            return localized(
                "The relay speaks version {version} of the protocol, this EmojiArt another; update EmojiArt here or on the relay.",
                ["version": limit.map(String.init) ?? "?"])
        case .roomFull:
            return localized("The room is full: too many people are in it at once. Try again later.")
        case .roomLogFull:
            return localized(
                "The room is full ({limit} of edits since its last snapshot); open it in EmojiArt to compact it, or share the document as a new room.",
                ["limit": size])
        case .snapshotTooLarge:
            return localized("The room's snapshot is larger than the {limit} a room accepts.", ["limit": size])
        case .storageFailed:
            return localized("The relay cannot store this room's edits right now; they wait in this computer's outbox and are sent when it can.")
        case .unknown:
            // TRANSLATORS: {reason} is the relay's own words, in English.
            return localized("The relay refused: {reason}", ["reason": message])
        }
    }
}
