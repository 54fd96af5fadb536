import Foundation

/// Why a background image could not be loaded (SPEC B4, B6).
///
/// `description` is the reason a user reads after the address, as `message(for:)` puts it:
/// "Couldn't load image from <url>: <reason>". Cancellation is not one of these: a cancelled
/// fetch throws `CancellationError`.
public enum ImageFetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The server answered 404 Not Found or 410 Gone.
    case notFound
    /// The server answered with another status outside 200–299 (also for a 3xx it did not follow).
    case httpStatus(Int)
    /// The bytes are not a PNG, JPEG, GIF or WebP image, whatever the Content-Type says.
    case notAnImage
    /// No response within the response deadline, or the transfer ran past the overall deadline.
    case timedOut
    /// More than `bytes` bytes, the download limit.
    case tooLarge(bytes: Int)
    /// The image header declares more pixels than the limit.
    case tooManyPixels(width: Int, height: Int)
    /// More redirects than the limit, usually a loop.
    case tooManyRedirects
    /// The server could not be reached or the connection failed; `reason` is a clause
    /// such as "the connection was refused".
    case unreachable(host: String, reason: String)
    /// The transfer ended before Content-Length bytes arrived.
    case truncated(receivedBytes: Int, expectedBytes: Int)
    /// The image's own structure ends before the picture does: a cut-off file.
    case incompleteImage
    /// A scheme other than http, https or file.
    case unsupportedURL(scheme: String)
    /// A relative address or one without a scheme, as a hand-made file may hold (SPEC M4).
    case notAWebAddress
    /// A `file://` background that is missing, not a regular file or unreadable (SPEC D2).
    case fileNotReadable(FileReadError)
    /// A `file://` background of a shared document: it names a file on the computer of whoever
    /// set it, and is never read here (SPEC C7, `RoomBackgroundRule`).
    case fileOnAnotherComputer

    public var description: String {
        switch self {
        case .notFound:
            localized("there is no image at that address (the server answered “not found”). Check the link.")
        case .httpStatus(let code):
            localized("the server answered with HTTP status {code} instead of the image. Try again later.", ["code": String(code)])
        case .notAnImage:
            localized("it is not an image EmojiArt can show (PNG, JPEG, GIF or WebP). Check the link.")
        case .timedOut:
            localized("the server took too long to send it. Try again later.")
        case .tooLarge(let bytes):
            localized(
                "it is larger than {limit}, the most EmojiArt downloads. Use a smaller image.",
                ["limit": FileReadError.formatted(byteCount: bytes)])
        case .tooManyPixels(let width, let height):
            localized(
                "it is {width} × {height} pixels, more than EmojiArt can show. Use a smaller image.",
                ["width": String(width), "height": String(height)])
        case .tooManyRedirects:
            localized("the address redirects too many times. Check the link.")
        case .unreachable(let host, let reason):
            localized(
                "“{host}” couldn’t be reached: {reason}. Check the address and your internet connection.", ["host": host, "reason": reason])
        case .truncated(let received, let expected):
            localized(
                "the download stopped early ({received} of {expected} bytes arrived). Try again.",
                ["received": String(received), "expected": String(expected)])
        case .incompleteImage:
            localized("the image is cut off: only its beginning is there. Use the whole file.")
        case .unsupportedURL(let scheme):
            localized("EmojiArt loads images only from http, https and file addresses, not “{scheme}”.", ["scheme": scheme])
        case .notAWebAddress:
            localized("it is not a web address. Set the background again from a link or an image file.")
        case .fileNotReadable(let error):
            error.description
        case .fileOnAnotherComputer:
            localized(
                // TRANSLATORS: C7; SPEC quotes "a file on another computer" as what a shared document shows.
                "it is a file on another computer, which a shared document never reads. Ask whoever set it to set the background again from the image itself."
            )
        }
    }

    /// The full sentence for a toast or stderr: "Couldn't load image from <url>: <reason>".
    /// A file address is shown as its path.
    public func message(for url: URL) -> String {
        let address = url.isFileURL ? url.path : url.absoluteString
        return localized("Couldn’t load image from {address}: {reason}", ["address": address, "reason": description])
    }
}
