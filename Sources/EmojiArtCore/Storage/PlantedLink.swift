import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file a command writes what it received into (`emojiart join -o FILE`) is never reached
/// through a symbolic link another user made: in a shared folder such as /tmp anyone may plant
/// `/tmp/art.emojiart -> ~/.bashrc` and wait for someone to write there. A link of the user's
/// own is followed, as the shell would.
public struct PlantedLink: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let target: String

    /// Throws when the last component of `url` is a symbolic link owned by another user.
    public static func check(_ url: URL) throws(PlantedLink) {
        var status = stat()
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK, status.st_uid != getuid() else { return }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
        throw PlantedLink(path: url.path, target: target)
    }

    public var description: String {
        localized(
            "“{path}” is a link another user made (to {target}); EmojiArt does not write through it. Choose another file.",
            ["path": path, "target": target])
    }
}
