import Foundation

/// Where Save As writes (SPEC W5): the chosen name with `.emojiart` added when it was left out.
/// GTK's file chooser asks before replacing the file the user *typed*; when the extension is
/// added afterwards, the file replaced is another one, and nobody asked. `mustAskBeforeReplacing`
/// says when the app must ask itself.
public struct SaveAsName: Hashable, Sendable {
    /// The file to write.
    public let url: URL
    /// True when the extension was added and a file of that name already exists.
    public let mustAskBeforeReplacing: Bool

    public init(chosen: URL) {
        if chosen.pathExtension.lowercased() == EmojiArtFormat.fileExtension {
            url = chosen
            mustAskBeforeReplacing = false
        } else {
            url = chosen.appendingPathExtension(EmojiArtFormat.fileExtension)
            // A link or a folder in the way counts too: the save would replace or fail on it.
            mustAskBeforeReplacing = (try? FileStatus.ofLink(path: url.path)) != nil
        }
    }

    /// The question to ask, in GTK's own words for the same case.
    public var replaceQuestion: (heading: String, body: String) {
        let folder = url.deletingLastPathComponent().lastPathComponent
        return (
            localized("Replace “{name}”?", ["name": url.lastPathComponent]),
            localized("A file with that name already exists in “{folder}”. Replacing it will overwrite its contents.", ["folder": folder])
        )
    }
}
