import Foundation

/// A stored file that could not be used and was moved aside rather than overwritten, so nothing
/// is lost silently: the app shows `description` (a palettes warning as a toast; a window-state
/// one may only be logged).
public struct CorruptFileWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file that could not be used, where it was.
    public var file: URL
    /// What was wrong, as a clause: "it is not valid JSON".
    public var problem: String
    /// What the app does instead, as a sentence: "The default palettes are used instead."
    public var consequence: String
    /// Where the original bytes are now, or nil when they could not be moved.
    public var keptAs: URL?
    /// Why moving failed, when `keptAs` is nil.
    public var moveFailure: String?

    /// A warning as the stores build it; public so the app can make its own for tests or previews.
    public init(file: URL, problem: String, consequence: String, keptAs: URL?, moveFailure: String? = nil) {
        self.file = file
        self.problem = problem
        self.consequence = consequence
        self.keptAs = keptAs
        self.moveFailure = moveFailure
    }

    public var description: String {
        let start =
            localized("“{name}” couldn’t be used: {problem}.", ["name": file.lastPathComponent, "problem": problem]) + " \(consequence)"
        if let keptAs {
            return start + " "
                + localized(
                    "The old file was kept as “{name}” in “{folder}”.",
                    ["name": keptAs.lastPathComponent, "folder": keptAs.deletingLastPathComponent().path])
        }
        return start + " "
            + localized(
                "It couldn’t be moved aside ({reason}), so it will be replaced by the next change.",
                ["reason": moveFailure ?? localized("unknown reason")])
    }
}
