import Foundation

/// Where Save As (and Export…) writes (SPEC W5): the chosen name with `.emojiart` (or `.png`)
/// added when it was left out.
/// GTK's file chooser asks before replacing the file the user *typed*; when the extension is
/// added afterwards, the file replaced is another one, and nobody asked. `mustAskBeforeReplacing`
/// says when the app must ask itself.
public struct SaveAsName: Hashable, Sendable {
    /// The file to write.
    public let url: URL
    /// True when the extension was added and a file of that name already exists.
    public let mustAskBeforeReplacing: Bool

    /// `extensions` are the ones kept as chosen (lowercase); `defaultExtension` is added otherwise.
    public init(
        chosen: URL, keeping extensions: Set<String> = [EmojiArtFormat.fileExtension],
        adding defaultExtension: String = EmojiArtFormat.fileExtension
    ) {
        if extensions.contains(chosen.pathExtension.lowercased()) {
            url = chosen
            mustAskBeforeReplacing = false
        } else {
            url = chosen.appendingPathExtension(defaultExtension)
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
