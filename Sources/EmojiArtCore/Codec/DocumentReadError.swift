/// Why a file could not be opened as an EmojiArt document. Each description is a sentence
/// a person can act on; the CLI prints it and the app shows it in its error dialog.
public enum DocumentReadError: Error, Equatable, CustomStringConvertible {
    case notJSON(file: String, reason: String, line: Int, column: Int)
    case notAnEmojiArtDocument(file: String)
    case newerVersion(file: String, version: Int)
    case invalidValue(file: String, problem: String)
    case tooDeeplyNested(file: String)
    case tooLarge(file: String, byteCount: Int)
    case unreadable(file: String, reason: String)
    /// The file itself could not be read (missing, not a regular file, no permission).
    case fileNotReadable(FileReadError)

    public var description: String {
        switch self {
        case .notJSON(let file, let reason, let line, let column):
            localized(
                "“{file}” is not an EmojiArt document: it is not valid JSON ({reason} at line {line}, column {column}).",
                ["file": file, "reason": reason, "line": String(line), "column": String(column)])
        case .notAnEmojiArtDocument(let file):
            localized("“{file}” is not an EmojiArt document: it has no list of emojis.", ["file": file])
        case .newerVersion(let file, let version):
            localized(
                "“{file}” was saved by a newer EmojiArt (format version {version}); this version reads up to {supported}. Update EmojiArt to open it.",
                ["file": file, "version": String(version), "supported": String(EmojiArtFormat.currentVersion)])
        case .invalidValue(let file, let problem):
            localized("“{file}” cannot be opened: {problem}.", ["file": file, "problem": problem])
        case .tooDeeplyNested(let file):
            localized(
                "“{file}” cannot be opened: its values nest deeper than {levels} levels, which no EmojiArt document does.",
                ["file": file, "levels": String(EmojiArtFormat.maxNestingDepth)])
        case .tooLarge(let file, let byteCount):
            localized(
                "“{file}” is too large to open ({size}; the limit is {limit}).",
                ["file": file, "size": Self.megabytes(byteCount), "limit": Self.megabytes(EmojiArtFormat.maxFileBytes)])
        case .unreadable(let file, let reason):
            localized("“{file}” cannot be read: {reason}.", ["file": file, "reason": reason])
        case .fileNotReadable(let error):
            error.description
        }
    }

    private static func megabytes(_ byteCount: Int) -> String {
        let value = Double(byteCount) / 1_048_576
        return localized("{size} MB", ["size": value >= 10 ? "\(Int(value.rounded()))" : "\((value * 10).rounded() / 10)"])
    }
}
