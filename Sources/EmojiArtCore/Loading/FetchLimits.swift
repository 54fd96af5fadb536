/// The limits every background fetch obeys (SPEC B6), the same in the app and in `emojiart render`.
///
/// The live `ImageFetcher` (EmojiArtHTTP) checks each one itself, as the bytes arrive, rather
/// than trusting an HTTP library's settings (DESIGN joint 5). Tests pass small values to reach
/// them quickly.
public struct FetchLimits: Hashable, Sendable {
    /// The longest wait from the start of a fetch until the response headers arrive, redirects
    /// included. It covers connecting and the TLS handshake, and ends servers that accept the
    /// connection but never answer.
    public var responseDeadline: Duration
    /// The longest a whole transfer may take, body included. An idle timeout alone would let a
    /// server that drips one byte a second run forever.
    public var overallDeadline: Duration
    /// The most bytes read for one image, from the network or from a file; also ends endless
    /// and chunked bodies as they arrive.
    public var maxBytes: Int
    /// The most redirects followed before giving up.
    public var maxRedirects: Int
    /// The most pixels (width × height) an image may declare in its header. Checked before any
    /// decoder sees the bytes, so a small file cannot make one allocate gigabytes.
    public var maxPixels: Int

    public init(
        responseDeadline: Duration = .seconds(10),
        overallDeadline: Duration = .seconds(30),
        maxBytes: Int = 50 * 1_048_576,
        maxRedirects: Int = 10,
        maxPixels: Int = 100_000_000
    ) {
        self.responseDeadline = responseDeadline
        self.overallDeadline = overallDeadline
        self.maxBytes = maxBytes
        self.maxRedirects = maxRedirects
        self.maxPixels = maxPixels
    }

    /// SPEC B6: 10 s to the response, 30 s overall, 50 MB, 10 redirects, 100 megapixels.
    public static let standard = FetchLimits()
}
