import Foundation

/// Reads `.emojiart` JSON (SPEC M4): the original iOS app's shape
/// `{"background":{"theURL":…}|{"imageData":…}|{},"emojis":[{"text","x","y","size","id"}],"uniqueEmojiId":N}`
/// plus our `formatVersion`. Missing or unknown fields are tolerated; anything that is not an
/// EmojiArt document, or holds values no document can have, is refused with a `DocumentReadError`.
///
/// Everything the original app can write opens: sizes are clamped into
/// `EmojiArtFormat.sizeRange` and coordinates into ±`maxCoordinateMagnitude` (pinches in the
/// original leave sizes of 0 or 12000), ids are 64-bit as its `Int` is, an emoji's text is kept as
/// written when it is not empty (D1 decides what a user may add, not what a file may hold), and
/// the background is read as leniently as the original's `try?` reads it. Clamped values reach
/// the file only when the user edits and the document is saved.
public struct EmojiArtDecoder: Sendable {
    /// The name used in error messages, usually the file's name.
    public var fileName: String

    public init(fileName: String = "The document") {
        self.fileName = fileName
    }

    public func decode(_ data: Data) throws(DocumentReadError) -> EmojiArtModel {
        guard data.count <= EmojiArtFormat.maxFileBytes else {
            throw .tooLarge(file: fileName, byteCount: data.count)
        }
        do {
            return try data.withUnsafeBytes { raw in
                var scanner = JSONScanner(
                    bytes: raw.bindMemory(to: UInt8.self), maxDepth: EmojiArtFormat.maxNestingDepth)
                let model = try readDocument(&scanner)
                try scanner.expectEnd()
                return model
            }
        } catch let error as DocumentReadError {
            throw error
        } catch let error as JSONScanner.SyntaxError {
            throw .notJSON(file: fileName, reason: error.message, line: error.line, column: error.column)
        } catch is NestingTooDeep {
            throw .tooDeeplyNested(file: fileName)
        } catch {
            throw .unreadable(file: fileName, reason: "\(error)")
        }
    }

    // MARK: - Document

    private func readDocument(_ scanner: inout JSONScanner) throws -> EmojiArtModel {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue(depth: 1)  // a syntax error in it still reads as "not JSON"
            throw DocumentReadError.notAnEmojiArtDocument(file: fileName)
        }
        var background = Background.blank
        var emojis: [Emoji]?
        var uniqueEmojiId = 0
        var version = 1
        var collab: SharedRoom?
        var documentID: UUID?
        var seenKeys = Set<String>()
        try scanner.readObject(depth: 1) { scanner, key in
            if scanner.matches(key, "emojis") {
                try noteFirst("emojis", in: &seenKeys, where: .document)
                emojis = try readEmojis(&scanner)
            } else if scanner.matches(key, "background") {
                try noteFirst("background", in: &seenKeys, where: .document)
                background = try readBackground(&scanner)
            } else if scanner.matches(key, "uniqueEmojiId") {
                try noteFirst("uniqueEmojiId", in: &seenKeys, where: .document)
                uniqueEmojiId = try readID(&scanner, named: Self.valueOf("uniqueEmojiId"))
            } else if scanner.matches(key, "formatVersion") {
                try noteFirst("formatVersion", in: &seenKeys, where: .document)
                version = try readInteger(&scanner, named: Self.valueOf("formatVersion"), in: 1...Int(Int32.max))
            } else if scanner.matches(key, "collab") {
                try noteFirst("collab", in: &seenKeys, where: .document)
                collab = try readSharedRoom(&scanner)
            } else if scanner.matches(key, "documentID"), documentID == nil, try scanner.peekKind() == .string {
                // Ours (H1), read as `cid` is: another type, or text that is no UUID, is skipped
                // like an unknown key, and the document then gets a fresh id when it needs one.
                documentID = UUID(uuidString: try scanner.readString())
            } else {
                try scanner.skipValue(depth: 2)
            }
        }
        guard let emojis else { throw DocumentReadError.notAnEmojiArtDocument(file: fileName) }
        guard version <= EmojiArtFormat.currentVersion else {
            throw DocumentReadError.newerVersion(file: fileName, version: version)
        }
        return EmojiArtModel(
            background: background, emojis: emojis, uniqueEmojiId: uniqueEmojiId, collab: collab, documentID: documentID)
    }

    /// `"collab": {"server": …, "room": …}` (C6). Ours, beyond the original: a value of another
    /// shape, or one without both strings, is ignored like an unknown key — the document is then
    /// an ordinary one, as it is when the iOS app dropped the key.
    private func readSharedRoom(_ scanner: inout JSONScanner) throws -> SharedRoom? {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue(depth: 2)
            return nil
        }
        var server: String?
        var room: String?
        try scanner.readObject(depth: 2) { scanner, key in
            if scanner.matches(key, "server"), server == nil, try scanner.peekKind() == .string {
                server = try scanner.readString()
            } else if scanner.matches(key, "room"), room == nil, try scanner.peekKind() == .string {
                room = try scanner.readString()
            } else {
                try scanner.skipValue(depth: 3)
            }
        }
        guard let server, let room else { return nil }
        return SharedRoom(server: server, room: room)
    }

    private func readBackground(_ scanner: inout JSONScanner) throws -> Background {
        switch try scanner.peekKind() {
        case .null:
            try scanner.readNull()
            return .blank
        case .object:
            break
        default:
            throw invalid(localized("the background is not a JSON object"))
        }
        // As the original's `init(from:)`: a usable `theURL` wins, then usable `imageData`, else
        // blank; a value of the wrong kind is skipped as its `try?` skips it.
        var url: URL?
        var imageData: Data?
        var seenKeys = Set<String>()
        try scanner.readObject(depth: 2) { scanner, key in
            if scanner.matches(key, "theURL") {
                try noteFirst("theURL", in: &seenKeys, where: .background)
                guard try scanner.peekKind() == .string else { return try scanner.skipValue(depth: 3) }
                let text = try scanner.readString()
                // Kept as written, relative or not: a URL background that is not a web address
                // shows as failed ("not a web address"), and the file keeps what it held.
                if !text.isEmpty { url = URL(keepingEverythingOf: text) }
            } else if scanner.matches(key, "imageData") {
                try noteFirst("imageData", in: &seenKeys, where: .background)
                guard try scanner.peekKind() == .string else { return try scanner.skipValue(depth: 3) }
                imageData = Data(base64Encoded: try scanner.readString(), options: .ignoreUnknownCharacters)
            } else {
                try scanner.skipValue(depth: 3)
            }
        }
        if let url { return .url(url) }
        if let imageData { return .imageData(imageData) }
        return .blank
    }

    private func readEmojis(_ scanner: inout JSONScanner) throws -> [Emoji] {
        guard try scanner.peekKind() == .array else {
            throw invalid(localized("“emojis” is not a list"))
        }
        var emojis = [Emoji]()
        try scanner.readArray(depth: 2) { scanner in
            emojis.append(try readEmoji(&scanner, number: emojis.count + 1))
        }
        return emojis
    }

    /// Field presence as bits, so the hot loop over 100,000 emojis allocates no set per emoji.
    private struct EmojiFields: OptionSet {
        let rawValue: UInt16
        static let text = EmojiFields(rawValue: 1)
        static let x = EmojiFields(rawValue: 2)
        static let y = EmojiFields(rawValue: 4)
        static let size = EmojiFields(rawValue: 8)
        static let id = EmojiFields(rawValue: 16)
        static let rotation = EmojiFields(rawValue: 32)
        static let flipped = EmojiFields(rawValue: 64)
        static let cid = EmojiFields(rawValue: 128)
        static let z = EmojiFields(rawValue: 256)
        static let group = EmojiFields(rawValue: 512)
        static let locked = EmojiFields(rawValue: 1024)
    }

    private func readEmoji(_ scanner: inout JSONScanner, number: Int) throws -> Emoji {
        guard try scanner.peekKind() == .object else {
            throw invalid(localized("emoji number {number} is not a JSON object", ["number": String(number)]))
        }
        var text: String?
        var x = 0.0
        var y = 0.0
        var size = Emoji.defaultSize
        var id = 0  // 0 or less is replaced by a fresh id, like a duplicate (see EmojiArtModel.init)
        var rotation = 0.0
        var flipped = false
        var cid: String?
        var z: String?
        var group: String?
        var locked = false
        var seen: EmojiFields = []
        func first(_ field: EmojiFields, _ name: String) throws {
            guard seen.insert(field).inserted else {
                throw invalid(localized("emoji number {number} has the key “{key}” twice", ["number": String(number), "key": name]))
            }
        }
        try scanner.readObject(depth: 3) { scanner, key in
            if scanner.matches(key, "text") {
                try first(.text, "text")
                text = try readString(&scanner, named: localized("the text of emoji number {number}", ["number": String(number)]))
            } else if scanner.matches(key, "x") {
                try first(.x, "x")
                x = try readNumber(&scanner, named: localized("x of emoji number {number}", ["number": String(number)]))
            } else if scanner.matches(key, "y") {
                try first(.y, "y")
                y = try readNumber(&scanner, named: localized("y of emoji number {number}", ["number": String(number)]))
            } else if scanner.matches(key, "size") {
                try first(.size, "size")
                size = try readNumber(&scanner, named: localized("the size of emoji number {number}", ["number": String(number)]))
            } else if scanner.matches(key, "id") {
                try first(.id, "id")
                id = try readID(&scanner, named: localized("the id of emoji number {number}", ["number": String(number)]))
            } else if scanner.matches(key, "rotation") {
                // Ours, beyond the original (M3): a value of another type is ignored like an unknown key.
                try first(.rotation, "rotation")
                if try scanner.peekKind() == .number {
                    rotation = try readNumber(
                        &scanner, named: localized("the rotation of emoji number {number}", ["number": String(number)]))
                } else {
                    try scanner.skipValue(depth: 4)
                }
            } else if scanner.matches(key, "flipped") {
                try first(.flipped, "flipped")
                if try scanner.peekKind() == .bool {
                    flipped = try scanner.readBool()
                } else {
                    try scanner.skipValue(depth: 4)
                }
            } else if scanner.matches(key, "cid"), seen.insert(.cid).inserted, try scanner.peekKind() == .string {
                // Ours (C6): another type, or the key again, is skipped like an unknown key (the
                // first string is kept), so no older file that happened to use it is refused.
                cid = try scanner.readString()
            } else if scanner.matches(key, "z"), seen.insert(.z).inserted, try scanner.peekKind() == .string {
                z = try scanner.readString()
            } else if scanner.matches(key, "group"), seen.insert(.group).inserted, try scanner.peekKind() == .string {
                // Ours (R3), read as `cid` is, for the same reason. An id no group can have (empty,
                // longer than `GroupID.maxBytes`) leaves the emoji in no group.
                let text = try scanner.readString()
                group = GroupID.isValid(text) ? text : nil
            } else if scanner.matches(key, "locked"), seen.insert(.locked).inserted, try scanner.peekKind() == .bool {
                // Ours (R4), likewise: only the first `true` or `false` counts.
                locked = try scanner.readBool()
            } else {
                try scanner.skipValue(depth: 4)
            }
        }
        guard let text else { throw invalid(localized("emoji number {number} has no text", ["number": String(number)])) }
        guard !text.isEmpty else { throw invalid(localized("emoji number {number} has empty text", ["number": String(number)])) }
        let limit = EmojiArtFormat.maxCoordinateMagnitude
        let sizes = EmojiArtFormat.sizeRange
        return Emoji(
            id: id, text: text,
            position: DocumentPoint(x: min(max(x, -limit), limit), y: min(max(y, -limit), limit)),
            size: min(max(size, sizes.lowerBound), sizes.upperBound), rotation: rotation, flipped: flipped,
            cid: cid, z: z, group: group, locked: locked)
    }

    // MARK: - Values

    // Names are autoclosures: building "x of emoji number 51234" for every field of a large
    // document, only for the rare error message, cost more than the parsing itself.
    private func readString(_ scanner: inout JSONScanner, named name: @autoclosure () -> String) throws -> String {
        guard try scanner.peekKind() == .string else { throw invalid(localized("{field} is not text", ["field": name()])) }
        return try scanner.readString()
    }

    private func readNumber(_ scanner: inout JSONScanner, named name: @autoclosure () -> String) throws -> Double {
        guard try scanner.peekKind() == .number else { throw invalid(localized("{field} is not a number", ["field": name()])) }
        let value = try scanner.readNumber()
        guard value.isFinite else { throw invalid(localized("{field} is too large a number", ["field": name()])) }
        return value
    }

    private func readInteger(
        _ scanner: inout JSONScanner, named name: @autoclosure () -> String, in range: ClosedRange<Int>
    ) throws -> Int {
        let value = try readNumber(&scanner, named: name())
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw invalid(
                localized(
                    "{field} is {value}, not a whole number from {lowest} to {highest}",
                    ["field": name(), "value": "\(value)", "lowest": String(range.lowerBound), "highest": String(range.upperBound)]))
        }
        return Int(value)
    }

    /// An id or `uniqueEmojiId`: any 64-bit integer, read exactly (the original's `Int`).
    private func readID(_ scanner: inout JSONScanner, named name: @autoclosure () -> String) throws -> Int {
        guard try scanner.peekKind() == .number else { throw invalid(localized("{field} is not a number", ["field": name()])) }
        guard let value = try scanner.readExactInteger() else {
            throw invalid(
                localized(
                    "{field} is not a whole number from {lowest} to {highest}",
                    ["field": name(), "lowest": String(Int.min), "highest": String(Int.max)]))
        }
        return value
    }

    /// Where a key was repeated, for the message.
    private enum KeyPlace { case document, background }

    private func noteFirst(_ name: String, in seen: inout Set<String>, where place: KeyPlace) throws {
        guard seen.insert(name).inserted else {
            let problem =
                switch place {
                case .document: localized("the document has the key “{key}” twice", ["key": name])
                case .background: localized("the background has the key “{key}” twice", ["key": name])
                }
            throw invalid(problem)
        }
    }

    /// A top-level value named by its key, as a field for the messages above.
    private static func valueOf(_ key: String) -> String {
        localized("the value of “{key}”", ["key": key])
    }

    private func invalid(_ problem: String) -> DocumentReadError {
        .invalidValue(file: fileName, problem: problem)
    }
}
