import Foundation

/// SPEC D2: search-engine image results wrap the real image's address in their own link.
extension URL {
    /// The query parameters that hold the wrapped image's address: Google's `imgurl` (SPEC D2)
    /// and Bing's equivalent `mediaurl`. Matched exactly; `imgrefurl` (the page) is not one.
    public static let wrappedImageParameterNames: Set<String> = ["imgurl", "mediaurl"]

    /// The image this link stands for: the percent-decoded http(s) URL held by the first usable
    /// `imgurl=` (or `mediaurl=`) parameter among the `&`-separated query parameters, or this
    /// URL itself when there is none (SPEC D2).
    ///
    /// Never fails: a parameter that is empty, badly percent-encoded (`%%%`), not a URL, or not
    /// an http(s) URL with a host is skipped, so garbage leaves the dropped link as it was and
    /// its fetch reports the failure the user can see (B4). Non-web schemes are refused so a
    /// crafted link cannot turn into a `file://` or `javascript:` background.
    public var unwrappedImageURL: URL {
        guard let query = query(percentEncoded: true) else { return self }
        for parameter in query.split(separator: "&") {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, Self.wrappedImageParameterNames.contains(String(pair[0])),
                let decoded = String(pair[1]).removingPercentEncoding,
                let url = URL(keepingEscapesOf: decoded), url.isWebURL
            else { continue }
            return url
        }
        return self
    }

    /// Whether this is an absolute `http` or `https` URL with a host: the only URLs that may
    /// become URL backgrounds (SPEC D2).
    public var isWebURL: Bool {
        guard let scheme = scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return false
        }
        return !(host(percentEncoded: false) ?? "").isEmpty
    }
}
