import Foundation

/// SPEC C7's "nothing local leaks through a room", in one place for the app and the CLI:
/// - a document entering a room with a `file://` background brings the image's bytes instead
///   (they travel as a blob), or is refused with the reason; its path never reaches the room;
/// - a `file://` background in a document that belongs to a room came from someone else's
///   computer: it is never read here (not by the canvas, Export…, `render` or `join`), and shows
///   as failed with `ImageFetchError.fileOnAnotherComputer`.
///
/// A document belongs to a room when it has a `collab` key; the app never puts a file address of
/// this computer into such a document (images set from files are embedded).
public enum RoomBackgroundRule {
    /// The most image bytes a room takes: the relay stores blobs of at most 32 MiB.
    public static let maxEmbeddedBytes = 32 * 1_048_576

    /// Whether `background` is a file address that must not be read: one in a document that
    /// belongs to a room.
    public static func isForeignFile(_ background: Background, inRoom: Bool) -> Bool {
        inRoom && background.url?.isFileURL == true
    }

    /// The background `model` brings into a room. A `file://` image of this computer is read now
    /// (a regular file within the limits, with a PNG, JPEG, GIF or WebP header) and becomes
    /// `.imageData`; a file address in a document already in a room is left as it is, unread
    /// (the room's sync never sends one); anything else is unchanged.
    /// - Throws: `RoomBackgroundError` naming the file and what is wrong with it.
    public static func backgroundToShare(_ model: EmojiArtModel, limits: FetchLimits = .standard) throws(RoomBackgroundError) -> Background
    {
        guard let url = model.background.url, url.isFileURL, model.collab == nil else { return model.background }
        let reason: String
        do {
            let data = try AtomicFile.read(url, maxBytes: min(limits.maxBytes, maxEmbeddedBytes))
            _ = try ImageHeader.validated(data, limits: limits)
            return .imageData(data)
        } catch let error as FileReadError {
            reason = error.clause
        } catch ImageFetchError.tooManyPixels(let width, let height) {
            reason = localized(
                "it is {width} × {height} pixels, more than EmojiArt can show", ["width": String(width), "height": String(height)])
        } catch {
            reason = localized("it is not a PNG, JPEG, GIF or WebP image")
        }
        throw .cannotEmbed(path: url.path, reason: reason)
    }
}

/// Why a document cannot enter a room as it is (SPEC C7).
public enum RoomBackgroundError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Its background is a file on this computer that could not be embedded; `reason` is a
    /// clause such as "it has disappeared".
    case cannotEmbed(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotEmbed(let path, let reason):
            // TRANSLATORS: C7; {reason} is a clause such as "it has disappeared".
            localized(
                "The background “{path}” is a file on this computer, and sharing embeds it first, but it cannot be embedded: {reason}. Set another background or remove it, then share again.",
                ["path": path, "reason": reason])
        }
    }
}
