import Foundation

extension ImageFetcher {
    /// A fetcher that reads `file://` addresses from disk, hands http and https ones to `web`,
    /// and refuses the result unless its header shows a PNG, JPEG, GIF or WebP image of at most
    /// `limits.maxPixels` pixels (SPEC B6, D2).
    ///
    /// Core has no network code (DESIGN: Foundation only): `web` downloads one http(s) address
    /// within `limits`, throwing `ImageFetchError` or `CancellationError`. EmojiArtHTTP's
    /// `ImageFetcher.live` passes the real transport; tests that only read files pass one that
    /// fails.
    public static func checking(
        limits: FetchLimits = .standard,
        web: @escaping @Sendable (URL) async throws -> Data
    ) -> ImageFetcher {
        ImageFetcher { url in
            try Task.checkCancellation()
            let data: Data
            switch url.scheme?.lowercased() {
            case "http", "https":
                guard url.isWebURL else {
                    throw ImageFetchError.unreachable(host: url.absoluteString, reason: localized("the address names no server"))
                }
                data = try await web(url)
            case "file":
                data = try await LocalImageFile.read(url, maxBytes: limits.maxBytes)
            case nil:
                throw ImageFetchError.notAWebAddress  // a relative address from a hand-made file (M4)
            default:
                throw ImageFetchError.unsupportedURL(scheme: url.scheme ?? "")
            }
            try Task.checkCancellation()
            _ = try ImageHeader.validated(data, limits: limits)
            return data
        }
    }
}
