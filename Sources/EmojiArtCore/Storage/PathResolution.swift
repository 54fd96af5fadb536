#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a path into the real file it names, following symbolic links, also when that file does
/// not exist yet. Saving writes to the link's target so a symlinked document stays a symlink
/// (DESIGN "Data and format"), and window state is keyed by this path (SPEC W4).
enum PathResolution {
    /// The same limit as the kernel's (Linux gives ELOOP after 40 links).
    static let maximumLinkHops = 40

    /// The canonical path for `path`: every link followed, `.` and `..` removed. A missing last
    /// component is allowed (a new file, or a link pointing at one); a missing folder is not.
    static func resolvingSymlinks(_ path: String) throws(SystemError) -> String {
        var current = path
        for _ in 0..<maximumLinkHops {
            if let real = realPath(current) { return real }
            let failure = SystemError.current
            guard failure.code == ENOENT || failure.code == ELOOP else { throw failure }
            if let link = try? FileStatus.ofLink(path: current), link.kind == .symbolicLink {
                // A dangling link: follow it by hand towards the file it will name.
                let destination = try readLink(current)
                current =
                    destination.hasPrefix("/")
                    ? destination
                    : join(split(current).directory, destination)
                continue
            }
            let (directory, name) = split(current)
            guard let realDirectory = realPath(directory) else { throw .current }
            return join(realDirectory, name)
        }
        throw SystemError(code: ELOOP)
    }

    /// Splits an absolute path into its folder and last component: "/a/b" gives ("/a", "b").
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func readLink(_ path: String) throws(SystemError) -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count) }
        }
        guard count >= 0 else { throw .current }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
