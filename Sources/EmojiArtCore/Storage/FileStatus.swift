#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts of `stat(2)` the stores need, in a form that reads the same on Linux and macOS.
struct FileStatus {
    enum Kind { case regular, directory, symbolicLink, other }

    var kind: Kind
    /// Permission bits only (`0o7777`), ready for `fchmod`.
    var permissions: mode_t
    var size: Int64
    var owner: uid_t
    var group: gid_t
    var modificationTime: Double

    init(_ raw: stat) {
        switch raw.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        permissions = raw.st_mode & 0o7777
        size = Int64(raw.st_size)
        owner = raw.st_uid
        group = raw.st_gid
        #if canImport(Darwin)
        modificationTime = Double(raw.st_mtimespec.tv_sec) + Double(raw.st_mtimespec.tv_nsec) / 1e9
        #else
        modificationTime = Double(raw.st_mtim.tv_sec) + Double(raw.st_mtim.tv_nsec) / 1e9
        #endif
    }

    /// Follows symbolic links, like `stat(2)`.
    static func of(path: String) throws(SystemError) -> FileStatus {
        var raw = stat()
        guard stat(path, &raw) == 0 else { throw .current }
        return FileStatus(raw)
    }

    /// Describes a symbolic link itself rather than what it points to, like `lstat(2)`.
    static func ofLink(path: String) throws(SystemError) -> FileStatus {
        var raw = stat()
        guard lstat(path, &raw) == 0 else { throw .current }
        return FileStatus(raw)
    }

    static func of(descriptor: Int32) throws(SystemError) -> FileStatus {
        var raw = stat()
        guard fstat(descriptor, &raw) == 0 else { throw .current }
        return FileStatus(raw)
    }
}
