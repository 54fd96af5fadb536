import EmojiArtCore

extension FetchLimits {
    /// Roomy deadlines that only a broken fetcher reaches, a 1 MB cap and 3 redirects: for the
    /// fetcher tests of Core (file://, refused addresses) and EmojiArtHTTP (the live transport).
    public static let test = FetchLimits(
        responseDeadline: .seconds(15), overallDeadline: .seconds(20), maxBytes: 1_048_576, maxRedirects: 3)
}
