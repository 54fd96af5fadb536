import Foundation

/// Where fetching a URL background stands (SPEC B2, B4): the canvas shows a spinner while
/// `fetching`, and the message with a retry button when `failed`.
public enum FetchStatus: Hashable, Sendable {
    /// Nothing is being fetched: the background is blank, embedded, loaded, or loading was cancelled.
    case idle
    case fetching(URL)
    /// The fetch failed; the document keeps the URL (B4).
    case failed(url: URL, error: ImageFetchError)

    public var isFetching: Bool {
        if case .fetching = self { true } else { false }
    }

    /// "Couldn't load image from <url>: <reason>" when failed, else nil.
    public var failureMessage: String? {
        if case .failed(let url, let error) = self { error.message(for: url) } else { nil }
    }
}
