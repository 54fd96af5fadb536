import EmojiArtCore
import EmojiArtHTTP
import EmojiArtRender
import Foundation

/// Loads a document's background for headless rendering through the app's own path
/// (`BackgroundImage.load`, at export resolution): the same limits (B6) and the same pixels as
/// the app's Export… (E1).
enum HeadlessBackground {
    /// `inRoom`: the document is shared, so a `file://` background names a file on another
    /// computer and fails unread (C7).
    static func load(_ background: Background, offline: Bool, inRoom: Bool) throws -> BackgroundImage? {
        // --offline: no network request; a file:// background is still read (it is local).
        if offline, let url = background.url, !url.isFileURL { return nil }
        do {
            return try waitFor { try await BackgroundImage.load(background, fetcher: .live(), resolution: .export, inRoom: inRoom) }
        } catch {
            throw HeadlessBackgroundError(description: background.loadFailureMessage(error))
        }
    }

    /// A background that could not be loaded, as the sentence `render` prints.
    struct HeadlessBackgroundError: Error, CustomStringConvertible {
        let description: String
    }
}
