import Foundation

/// Why the version store could not do what was asked (SPEC H1). The document itself is never
/// touched by the store, so each sentence says so where it matters; the app shows the first
/// failure once and carries on editing.
public enum VersionStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A version could not be written: the disk is full, the folder is not writable, … The
    /// wrapped error says which; `FileWriteError.reason` is the system's wording.
    case unwritable(FileWriteError)
    /// The history's files could not be read at all (permissions, an I/O error).
    case unreadable(FileReadError)
    /// The index or a version is not what the store writes (cut short, altered, hostile); it is
    /// refused rather than trusted, and nothing is written over it.
    case damaged(problem: String)
    /// No version has this number (never taken, or thinned out since the list was read).
    case noSuchVersion(number: Int)

    public var description: String {
        switch self {
        case .unwritable(let error):
            localized(
                "EmojiArt can’t keep earlier versions of this document: {reason}. The document itself is saved as usual.",
                ["reason": error.reason])
        case .unreadable(let error):
            // The clause ("the system reported “…” reading it"), not the file's own sentence: the
            // user never chose that file.
            localized("The earlier versions of this document can’t be read: {reason}", ["reason": error.clause])
        case .damaged(let problem):
            localized("The earlier versions of this document are damaged ({problem}) and can’t be used.", ["problem": problem])
        case .noSuchVersion(let number):
            localized("There is no version {number} of this document.", ["number": String(number)])
        }
    }
}
