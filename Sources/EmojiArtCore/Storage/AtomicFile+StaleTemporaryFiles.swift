import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFile {
    /// How old a temporary file must be before it counts as stale, in seconds. EmojiArt windows
    /// of separate processes run side by side (GApplication is not unique without a session
    /// bus), so a fresh temporary file may belong to a save that is still running.
    public static let staleTemporaryFileAgeSeconds: Double = 60

    /// Deletes temporary files left in `directory` by saves that never finished (a crash, a
    /// kill), as DESIGN asks at launch. Only names of our own pattern (`.NAME.XXXXXX.tmp`),
    /// only regular files owned by this user, and only those older than `minimumAgeSeconds`.
    /// Never throws: a folder that cannot be listed simply has nothing removed.
    /// - Returns: the files removed.
    @discardableResult
    public static func removeStaleTemporaryFiles(
        in directory: URL,
        olderThanSeconds minimumAgeSeconds: Double = staleTemporaryFileAgeSeconds
    ) -> [URL] {
        removeStaleTemporaryFiles(in: directory.standardizedFileURL.path, olderThanSeconds: minimumAgeSeconds) { _ in true }
    }

    /// Deletes temporary files left beside `file` by saves of it that never finished (a crash, a
    /// kill): what the app does when it opens a document. The folder is the user's and may hold
    /// other documents being saved by other processes, so only names a save of this very file
    /// makes are considered, with the same age and owner rules as `removeStaleTemporaryFiles(in:)`.
    /// A symlinked document's temporary files are beside its target, where its saves write them.
    /// - Returns: the files removed.
    @discardableResult
    public static func removeStaleTemporaryFiles(
        of file: URL,
        olderThanSeconds minimumAgeSeconds: Double = staleTemporaryFileAgeSeconds
    ) -> [URL] {
        let requested = file.standardizedFileURL.path
        let (folder, name) = PathResolution.split((try? PathResolution.resolvingSymlinks(requested)) ?? requested)
        let prefix = ".\(TemporaryFile.baseName(for: name))."
        let length = prefix.utf8.count + TemporaryFile.randomPartLength + TemporaryFile.suffix.utf8.count
        return removeStaleTemporaryFiles(in: folder, olderThanSeconds: minimumAgeSeconds) { candidate in
            candidate.hasPrefix(prefix) && candidate.utf8.count == length
        }
    }

    private static func removeStaleTemporaryFiles(
        in folder: String, olderThanSeconds minimumAgeSeconds: Double, where isWanted: (String) -> Bool
    ) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let now = Date().timeIntervalSince1970
        var removed = [URL]()
        for name in names where TemporaryFile.isTemporaryName(name) && isWanted(name) {
            let path = PathResolution.join(folder, name)
            guard let status = try? FileStatus.ofLink(path: path),
                status.kind == .regular,
                status.owner == geteuid(),
                now - status.modificationTime >= minimumAgeSeconds,
                unlink(path) == 0
            else { continue }
            removed.append(URL(fileURLWithPath: path))
        }
        return removed
    }
}
