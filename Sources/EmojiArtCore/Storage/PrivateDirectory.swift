import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates the stores' folders. The XDG specification asks for mode 0700 on folders it
/// creates: palettes and window state name the user's documents and are nobody else's business.
enum PrivateDirectory {
    /// Creates `directory` and any missing parents with mode 0700; existing folders are left as
    /// they are. Failures are reported against `savingPath`, the file the caller was about to write.
    static func create(_ directory: URL, forSaving savingPath: String) throws(FileWriteError) {
        var path = ""
        for component in directory.standardizedFileURL.path.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) == 0 { continue }
            let failure = SystemError.current
            let existing = try? FileStatus.of(path: path)
            if existing?.kind == .directory { continue }
            throw FileWriteError(existing == nil ? failure : SystemError(code: ENOTDIR), path: savingPath)
        }
    }
}
