import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The folders that hold a user's room keys, outboxes and replicas (decrypted content, C10):
/// made 0700, and an existing one checked — a real folder (not a link), owned by this user, its
/// mode narrowed to 0700 when others could read it. A folder another user owns is refused: its
/// owner could read or swap what is written there.
public enum PrivateFolder {
    public static func prepare(_ folder: URL) throws {
        let path = folder.path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CollabError.folderNotPrivate(path: path, reason: String(describing: error))
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw CollabError.folderNotPrivate(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw CollabError.folderNotPrivate(path: path, reason: localized("it is not a folder"))
        }
        guard status.st_uid == geteuid() else {
            throw CollabError.folderNotPrivate(path: path, reason: localized("another user owns it"))
        }
        if status.st_mode & 0o077 != 0, chmod(path, 0o700) != 0 {
            throw CollabError.folderNotPrivate(path: path, reason: String(cString: strerror(errno)))
        }
    }
}
