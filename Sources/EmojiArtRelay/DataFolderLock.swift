import EmojiArtCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Exactly one relay may own a data folder (docs/sharing.md, "Beyond one relay"): two processes appending
/// to one room's log would break its order. An exclusive `flock` on `relay.lock` in the folder,
/// held while the relay runs; the kernel drops it when the process ends in any way, `kill -9`
/// included, so a restart never finds a stale lock. (Only processes of one machine see it: a
/// folder on a network share needs the rule kept by whoever routes the rooms.)
struct DataFolderLock {
    private let descriptor: Int32

    init(folder: URL) throws {
        let path = folder.appendingPathComponent("relay.lock").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, RelayFiles.fileMode)
        guard descriptor >= 0 else {
            throw RelayStartError(
                description: localized(
                    "The relay cannot use the data folder {path}: {reason}.",
                    ["path": folder.path, "reason": String(cString: strerror(errno))]))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw RelayStartError(
                description: localized(
                    "Another relay is already running on the data folder {path}; a room must have exactly one relay. Stop that one, or give this one another --data folder.",
                    ["path": folder.path]))
        }
        self.descriptor = descriptor
    }

    func release() {
        close(descriptor)
    }
}

/// Why the relay did not start, as a sentence.
public struct RelayStartError: Error, CustomStringConvertible {
    public var description: String
}
