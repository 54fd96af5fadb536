import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves files so that a crash or a full disk never leaves a half-written one (SPEC W2), following
/// DESIGN "Data and format" step by step.
///
/// Foundation's shortcuts are not used on purpose: `FileManager.replaceItemAt` on Linux renames the
/// original away and then throws, losing the document's name; `Data.write(options: .atomic)` does
/// not sync the folder, replaces a symlink by a regular file and leaves `.dat.nosync*` files after a kill.
public enum AtomicFile {
    /// Replaces the contents of the file at `url` with `data`, all or nothing.
    ///
    /// A symlink stays a symlink: its target is replaced. The new file keeps the old one's
    /// permissions (a new file gets 0666 minus the umask, as `touch` would); a `private` one is
    /// readable by its owner only (0600), whatever the old one was. On failure the original is
    /// untouched, no temporary file is left behind, and a `FileWriteError` is thrown.
    ///
    /// What a rename cannot do: the folder must be writable (not just the file), and another hard
    /// link to the old file keeps the old contents.
    public static func write(_ data: Data, to url: URL, private isPrivate: Bool = false) throws {
        let requestedPath = url.standardizedFileURL.path
        let targetPath: String
        let original: FileStatus?
        do {
            targetPath = try PathResolution.resolvingSymlinks(requestedPath)
            original = try existingFile(at: targetPath)
        } catch {
            throw FileWriteError(error, path: requestedPath)
        }
        // Only a regular file may be replaced: renaming over a device or a pipe would succeed
        // and silently swap it for a file.
        switch original?.kind {
        case nil, .regular:
            break
        case .directory:
            throw FileWriteError.isADirectory(path: requestedPath, reason: SystemError(code: EISDIR).text)
        case .symbolicLink, .other:
            throw FileWriteError.notARegularFile(path: requestedPath, reason: localized("not a regular file"))
        }
        do {
            try replace(targetPath, original: original, with: data, isPrivate: isPrivate)
        } catch {
            throw FileWriteError(error, path: requestedPath)
        }
    }

    private static func replace(_ targetPath: String, original: FileStatus?, with data: Data, isPrivate: Bool) throws(SystemError) {
        let (folder, name) = PathResolution.split(targetPath)
        var temporary = try TemporaryFile(in: folder, for: name)
        do throws(SystemError) {
            try temporary.write(data)
            if isPrivate {
                try temporary.makePrivate()
            } else {
                try temporary.copyAttributes(from: original)
            }
            try temporary.sync()
            try temporary.close()
            guard rename(temporary.path, targetPath) == 0 else { throw SystemError.current }
        } catch {
            temporary.discard()
            throw error
        }
        syncFolder(folder)
    }

    /// The file being replaced (links followed), or nil when there is none yet.
    private static func existingFile(at path: String) throws(SystemError) -> FileStatus? {
        do {
            return try FileStatus.of(path: path)
        } catch  where error.code == ENOENT {
            return nil
        }
    }

    /// Makes the rename itself durable: until the folder is synced, a power cut can bring back
    /// the old name. A failure is ignored: the new contents are already in place under the
    /// document's name, and some file systems refuse to sync a folder at all.
    private static func syncFolder(_ folder: String) {
        let descriptor = SystemCall.retryingOnInterrupt {
            open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard descriptor >= 0 else { return }
        _ = SystemCall.retryingOnInterrupt { fsync(descriptor) }
        close(descriptor)
    }
}
