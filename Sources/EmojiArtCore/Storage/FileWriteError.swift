#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be saved. Each case carries the path the caller asked to write (a
/// symlink's own path, not its target) and the system's wording of the failure; `description`
/// is a sentence the app can show as it is (SPEC W5: one persistent error offering Save As).
public enum FileWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// ENOSPC or EDQUOT: no room left, or the user's quota is used up.
    case diskFull(path: String, reason: String)
    /// EACCES or EPERM: the folder (which the temporary file and the rename need) is not writable.
    case permissionDenied(path: String, reason: String)
    /// EROFS: the folder is on a read-only file system (a mounted image, a locked card).
    case readOnlyVolume(path: String, reason: String)
    /// ENOENT or ENOTDIR: the folder was removed or renamed since the document was opened.
    case folderNotFound(path: String, reason: String)
    /// A folder has the document's name, so a file cannot replace it.
    case isADirectory(path: String, reason: String)
    /// The name belongs to a device, pipe or socket, which a save must not replace.
    case notARegularFile(path: String, reason: String)
    /// Any other failure; `reason` is the system's text, e.g. "Input/output error".
    case failed(path: String, reason: String)
    /// The document would be larger than EmojiArt opens (SPEC M5), so it is not written.
    case tooLargeToOpen(path: String, byteCount: Int)

    /// Sorts a failed system call into the case that tells the user what to do about it.
    init(_ error: SystemError, path: String) {
        let reason = error.text
        switch error.code {
        case ENOSPC, EDQUOT: self = .diskFull(path: path, reason: reason)
        case EACCES, EPERM: self = .permissionDenied(path: path, reason: reason)
        case EROFS: self = .readOnlyVolume(path: path, reason: reason)
        case ENOENT, ENOTDIR: self = .folderNotFound(path: path, reason: reason)
        case EISDIR: self = .isADirectory(path: path, reason: reason)
        default: self = .failed(path: path, reason: reason)
        }
    }

    /// The path the caller asked to write.
    public var path: String {
        switch self {
        case .diskFull(let path, _), .permissionDenied(let path, _), .readOnlyVolume(let path, _),
            .folderNotFound(let path, _), .isADirectory(let path, _), .notARegularFile(let path, _),
            .failed(let path, _), .tooLargeToOpen(let path, _):
            path
        }
    }

    /// The system's wording of the failure, for logs and a "details" line.
    public var reason: String {
        switch self {
        case .diskFull(_, let reason), .permissionDenied(_, let reason), .readOnlyVolume(_, let reason),
            .folderNotFound(_, let reason), .isADirectory(_, let reason), .notARegularFile(_, let reason),
            .failed(_, let reason):
            reason
        case .tooLargeToOpen(_, let byteCount):
            localized(
                "{size}, over the {limit} limit",
                [
                    "size": FileReadError.formatted(byteCount: byteCount),
                    "limit": FileReadError.formatted(byteCount: EmojiArtFormat.maxFileBytes),
                ])
        }
    }

    public var description: String {
        let (folder, name) = PathResolution.split(path)
        let values: KeyValuePairs<String, String> = ["name": name, "folder": folder]
        return switch self {
        case .diskFull:
            localized("Couldn’t save “{name}”: the disk is full. Free some space, then save again.", values)
        case .permissionDenied:
            localized(
                "Couldn’t save “{name}”: you don’t have permission to write in the folder “{folder}”. Use Save As to choose another folder.",
                values)
        case .readOnlyVolume:
            localized("Couldn’t save “{name}”: the folder “{folder}” is on a read-only disk. Use Save As to choose another place.", values)
        case .folderNotFound:
            localized("Couldn’t save “{name}”: the folder “{folder}” doesn’t exist any more. Use Save As to choose another folder.", values)
        case .isADirectory:
            localized("Couldn’t save “{name}”: a folder with that name is in the way. Use Save As to choose another name.", values)
        case .notARegularFile:
            localized(
                "Couldn’t save “{name}”: that name belongs to a device or a pipe, not a file. Use Save As to choose another name.", values)
        case .failed(_, let reason):
            localized(
                "Couldn’t save “{name}”: the system reported “{reason}”. Try again, or use Save As to save it somewhere else.",
                ["name": name, "reason": reason])
        case .tooLargeToOpen(_, let byteCount):
            localized(
                "Couldn’t save “{name}”: it would be too large to open again ({size}; EmojiArt opens documents up to {limit}). Remove some emojis or use a smaller background image.",
                [
                    "name": name, "size": FileReadError.formatted(byteCount: byteCount),
                    "limit": FileReadError.formatted(byteCount: EmojiArtFormat.maxFileBytes),
                ])
        }
    }
}
