import EmojiArtCore
import Foundation

/// Where a window's document lives: a file of the user's, or a draft of an untitled document
/// in the state folder (W2).
enum DocumentLocation: Equatable {
    case file(URL)
    case draft(URL)

    var url: URL {
        switch self {
        case .file(let url), .draft(let url): url
        }
    }

    var fileURL: URL? {
        if case .file(let url) = self { url } else { nil }
    }

    /// The name shown in the title: the file's name without extension, or "Untitled".
    var displayName: String {
        fileURL.map { $0.deletingPathExtension().lastPathComponent } ?? localized("Untitled")
    }
}
