import EmojiArtCore
import Foundation

extension ImageFetcher {
    /// The real fetcher: http and https over the process's shared `WebClient`
    /// (`WebImageTransfer`), `file://` from disk, each within `limits` (SPEC B6), and the result
    /// refused unless its header shows a PNG, JPEG, GIF or WebP image of at most
    /// `limits.maxPixels` pixels (`ImageFetcher.checking`).
    ///
    /// A fetcher holds nothing and needs no closing; cancelling the calling task cancels the
    /// transfer at once.
    public static func live(limits: FetchLimits = .standard) -> ImageFetcher {
        .checking(limits: limits) { url in
            try await WebImageTransfer(url: url, limits: limits).run()
        }
    }
}
