import EmojiArtCore
import Testing

extension ImageFetcher {
    /// `checking` with a web transport that must not be called: for tests of file://, relative
    /// and refused addresses, which never reach the network. (The live http(s) transport is
    /// EmojiArtHTTP's, tested in EmojiArtHTTPTests.)
    public static func offline(limits: FetchLimits = .standard) -> ImageFetcher {
        .checking(limits: limits) { url in
            Issue.record("a web request for \(url) in an offline test")
            throw ImageFetchError.unreachable(host: url.host(percentEncoded: false) ?? "", reason: "offline test")
        }
    }
}
