import Foundation

/// What the "Set Background from URL…" entry accepts (B7): an http(s) address, with a search
/// result's `imgurl=` unwrapped (D2); anything else is refused with a reason shown beside it.
public enum BackgroundURLInput {
    public static func validate(_ text: String) -> Result<URL, Refusal> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        if let url = trimmed.webURL { return .success(url.unwrappedImageURL) }
        if let scheme = URL(string: trimmed)?.scheme?.lowercased(), scheme != "http", scheme != "https" {
            return .failure(.notWeb(scheme: scheme))
        }
        return .failure(.notAnAddress)
    }

    public enum Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case notWeb(scheme: String)
        case notAnAddress

        public var description: String {
            switch self {
            case .empty: localized("Enter the address of an image.")
            case .notWeb(let scheme):
                localized(
                    "Only web addresses (http or https) can be a background, not “{scheme}:”. For a file on this computer, use Set Background from File…",
                    ["scheme": scheme])
            case .notAnAddress: localized("This is not a web address. It should start with https://")
            }
        }
    }
}
