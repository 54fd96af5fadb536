/// Why window state could not be remembered or forgotten. `description` is a sentence the app
/// can log or show; losing window state never loses document content.
public enum WindowStateStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The values could not come from a real window (see `WindowState.isValid`).
    case invalidState(problem: String)
    case saveFailed(FileWriteError)
    case removeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .invalidState(let problem):
            localized("The window’s zoom and position weren’t remembered: {problem}.", ["problem": problem])
        case .saveFailed(let error):
            localized("The window’s zoom and position couldn’t be remembered. {reason}", ["reason": error.description])
        case .removeFailed(let path, let reason):
            localized(
                "The remembered window state in “{path}” couldn’t be removed: the system reported “{reason}”.",
                ["path": path, "reason": reason])
        }
    }
}
