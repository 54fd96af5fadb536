import Foundation

/// The one path from a document's background to image bytes a decoder may see (SPEC B6), shared
/// by the canvas (`BackgroundLoader`), the app's Export… and `emojiart render`: embedded bytes
/// and fetched ones (in `ImageFetcher.checking`, which `live` is) both pass `ImageHeader.validated`, so a format we do not accept or an image
/// declaring too many pixels is refused before any pixel buffer is allocated.
public enum BackgroundBytes {
    /// The checked bytes of `background`, or nil when it is blank. A URL is fetched with `fetcher`
    /// (cancel the calling task to stop it). `inRoom`: the background is a shared document's,
    /// whose `file://` address is never read (SPEC C7).
    /// - Throws: `ImageFetchError`, `CancellationError`, or what a test fetcher throws.
    public static func load(
        _ background: Background, fetcher: ImageFetcher, limits: FetchLimits = .standard, inRoom: Bool = false
    ) async throws -> Data? {
        if RoomBackgroundRule.isForeignFile(background, inRoom: inRoom) { throw ImageFetchError.fileOnAnotherComputer }
        switch background {
        case .blank:
            return nil
        case .imageData(let bytes):
            _ = try ImageHeader.validated(bytes, limits: limits)
            return bytes
        case .url(let url):
            // A fetcher checks what it returns: `ImageFetcher.checking` calls `ImageHeader.validated`
            // (tests pass fetchers whose bytes their own decoders read).
            let data = try await fetcher.fetch(url)
            try Task.checkCancellation()
            return data
        }
    }
}
