import EmojiArtCore
import Foundation

extension BackgroundImage {
    /// How many pixels of a background are decoded: the canvas shows a display copy; export draws
    /// the original at its own resolution (E1), the same in the app and in `emojiart render`.
    public enum Resolution: Sendable {
        /// At most `DecodedImage.maximumLongEdge` (4096) px on the long edge (DESIGN "Images").
        case display
        /// At most 16384 px on the long edge: 16384² × 4 bytes stays well under the 1 GB memory
        /// budget (B6), and 100 megapixels, the header limit, fit in it at most proportions.
        case export

        public var maximumLongEdge: Int {
            switch self {
            case .display: DecodedImage.maximumLongEdge
            case .export: 16_384
            }
        }
    }

    /// The document's background as an image to draw, or nil when it is blank: the bytes from
    /// `BackgroundBytes.load` (fetched or embedded, checked against B6), decoded at `resolution`.
    /// Runs the decode on the calling task; call it off the main thread.
    /// - Throws: `ImageFetchError` (fetching or the header check), `ImageDecodingError`,
    ///   `BackgroundImageError`, or `CancellationError`.
    /// `inRoom`: a shared document's background, whose `file://` address is never read (C7).
    public static func load(
        _ background: Background, fetcher: ImageFetcher, resolution: Resolution, limits: FetchLimits = .standard, inRoom: Bool = false
    ) async throws -> BackgroundImage? {
        guard let data = try await BackgroundBytes.load(background, fetcher: fetcher, limits: limits, inRoom: inRoom) else { return nil }
        try Task.checkCancellation()
        return try decode(data, resolution: resolution)
    }

    /// Checked bytes decoded at `resolution`.
    public static func decode(_ data: Data, resolution: Resolution) throws -> BackgroundImage {
        try DecodedImage(data: data, maximumLongEdge: resolution.maximumLongEdge).makeBackgroundImage()
    }

    /// The bytes a dropped, pasted or chosen image is embedded as (D3, M5): refused first by the
    /// one header check (B6) — a BMP or TIFF, which gdk-pixbuf would decode, is not an image
    /// EmojiArt accepts — then the original or a re-encoding within the size caps.
    /// - Throws: `ImageFetchError` or `ImageDecodingError`.
    public static func embeddableData(_ data: Data, limits: FetchLimits = .standard) throws -> Data {
        _ = try ImageHeader.validated(data, limits: limits)
        return try DecodedImage(data: data).embeddableData(original: data)
    }

    /// The sentence for image bytes `embeddableData` refused: "Couldn't load image from <path>:
    /// <reason>" for a file, "Couldn't use the image: <reason>" for bytes from a drop or the
    /// clipboard; the decoder's and the file's own errors are sentences already.
    public static func embeddingFailureMessage(_ error: any Error, source: URL?) -> String {
        guard let error = error as? ImageFetchError else { return "\(error)" }
        if let source { return error.message(for: source) }
        return localized("Couldn’t use the image: {reason}", ["reason": error.description])
    }
}

extension Background {
    /// The sentence for a background that could not be loaded, as the app's Export… and
    /// `emojiart render` say it: "Couldn't load image from <url>: <reason>" for a URL, and for
    /// embedded bytes "Couldn't show the document's embedded image: <reason>".
    public func loadFailureMessage(_ error: any Error) -> String {
        if let url, let error = error as? ImageFetchError { return error.message(for: url) }
        if let url {
            return localized(
                "Couldn’t load image from {address}: {reason}",
                ["address": url.isFileURL ? url.path : url.absoluteString, "reason": "\(error)"])
        }
        return localized("Couldn’t show the document’s embedded image: {reason}", ["reason": "\(error)"])
    }
}
