import Foundation

extension ImageFetcher {
    /// The real fetcher: http and https over URLSession, `file://` from disk, each within
    /// `limits` (SPEC B6), and the result refused unless its header shows a PNG, JPEG, GIF or
    /// WebP image of at most `limits.maxPixels` pixels.
    ///
    /// Each http(s) fetch gets its own URLSession (see `HTTPImageTransfer`), so a fetcher holds
    /// no session and needs no closing; cancelling the calling task cancels the transfer at once.
    public static func live(limits: FetchLimits = .standard) -> ImageFetcher {
        ImageFetcher { url in
            try Task.checkCancellation()
            let data: Data
            switch url.scheme?.lowercased() {
            case "http", "https":
                guard url.isWebURL else {
                    throw ImageFetchError.unreachable(host: url.absoluteString, reason: localized("the address names no server"))
                }
                data = try await HTTPImageTransfer(url: url, limits: limits).run()
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
