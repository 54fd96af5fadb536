import Foundation

/// Fetches the bytes of a background image (SPEC B1, B6), as a closure so tests and the
/// headless renderer can swap in their own (STYLE: isowords-style dependencies).
///
/// `fetch` throws `ImageFetchError` for every failure a user should hear about, and
/// `CancellationError` when the calling task was cancelled. `live(limits:)` (EmojiArtHTTP) is the real one;
/// `returning(_:)` and `failing(_:)` are small fakes.
public struct ImageFetcher: Sendable {
    public var fetch: @Sendable (URL) async throws -> Data

    public init(fetch: @escaping @Sendable (URL) async throws -> Data) {
        self.fetch = fetch
    }
}
