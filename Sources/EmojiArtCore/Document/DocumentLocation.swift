import Foundation

/// Where a window's document lives: a file of the user's, or a draft of an untitled document
/// in the state folder (W2).
public enum DocumentLocation: Hashable, Sendable {
    case file(URL)
    case draft(URL)

    public var url: URL {
        switch self {
        case .file(let url), .draft(let url): url
        }
    }

    public var fileURL: URL? {
        if case .file(let url) = self { url } else { nil }
    }
}
