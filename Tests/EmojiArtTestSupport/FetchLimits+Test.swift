import EmojiArtCore

extension FetchLimits {
    /// Roomy deadlines that only a broken fetcher reaches, a 1 MB cap and 3 redirects: for the
    /// fetcher tests of Core (file://, refused addresses) and EmojiArtHTTP (the live transport).
    ///
    /// The deadlines run on the request's event loop, in real time, while the fetcher's own steps
    /// (a redirect's next hop) wait for a thread of the task pool, which the whole test run shares:
    /// on a loaded two-core CI machine the run's heavy tests have held it for 70 s. So the
    /// deadlines are as long as a test server lives (`TestHTTPServer.lifetime`), less a margin.
    public static let test = FetchLimits(
        responseDeadline: .seconds(100), overallDeadline: .seconds(110), maxBytes: 1_048_576, maxRedirects: 3)
}
