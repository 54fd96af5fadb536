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
            return localized(
                "A message between this window and the relay could not be read; one of them may be another version of EmojiArt.")
        case .badVersion:
            return localized(
                "The relay speaks version {version} of the protocol, this EmojiArt another (protocol 3 is EmojiArt 0.3 and later, 2 is EmojiArt 0.2); update EmojiArt here or on the relay.",
                ["version": limit.map(String.init) ?? "?"])
        case .roomFull:
            return localized("The room is full: too many people are in it at once. Try again later.")
        case .roomLogFull:
            return localized(
                "The room is full ({limit} of edits since its last snapshot); open it in EmojiArt to compact it, or share the document as a new room.",
                ["limit": size])
        case .snapshotTooLarge:
            return localized("The room’s snapshot is larger than the {limit} a room accepts.", ["limit": size])
        case .storageFailed:
            return localized(
                "The relay cannot store this room’s edits right now; they wait in this computer’s outbox and are sent when it can.")
        case .notMember:
            return localized(
                "The relay did not let you into the room: the key you have is not the room’s. Join again with the whole link, including the part after “#”."
            )
        case .clientTaken:
            return localized(
                "The relay refused this copy’s name in the room: another member already uses it. Join again with the room’s link to get a new one."
            )
        case .viewOnly:
            return localized("This window views the room only: its link is a view link. Ask for the edit link to change the picture.")
        case .badSignature:
            return localized(
                "The relay did not take an edit or snapshot from this window: it was not signed with the room’s edit key, or not at a place the room takes one."
            )
        case .unknown:
            // The relay's own words are never shown: a relay may say anything.
            return localized(
                // TRANSLATORS: {code} is a short code of a newer relay, e.g. "tooManyRooms".
                "The relay refused something this version of EmojiArt does not know ({code}); updating EmojiArt may help.",
                ["code": Self.printable(rawCode)])
        }
    }

    /// A relay's code as shown: letters and digits only, short.
    private static func printable(_ code: String) -> String {
        String(
            code.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.prefix(32).map(
                Character.init))
    }
}
