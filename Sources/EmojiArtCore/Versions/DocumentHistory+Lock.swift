import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DocumentHistory {
    /// Runs `body` holding the history's lock file (`flock`), creating the folder first (private
    /// to the user, as XDG asks). Two windows or processes writing one history take turns, so
    /// neither loses the other's version and neither removes a file the other is writing.
    /// Where `flock` is not supported the body runs anyway: a lost version is better than none.
    func withLock<Result>(_ body: () throws(VersionStoreError) -> Result) throws(VersionStoreError) -> Result {
        let lockPath = folder.appendingPathComponent(Self.lockName).path
        do {
            try PrivateDirectory.create(folder, forSaving: lockPath)
        } catch {
            throw .unwritable(error)
        }
        let descriptor = SystemCall.retryingOnInterrupt { open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw .unwritable(FileWriteError(.current, path: lockPath)) }
        defer { close(descriptor) }
        _ = SystemCall.retryingOnInterrupt { flock(descriptor, LOCK_EX) }
        return try body()
    }
}
