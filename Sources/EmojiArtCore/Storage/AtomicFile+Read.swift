import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension AtomicFile {
    /// Bytes requested from `read(2)` at a time.
    static let readChunkSize = 64 * 1024

    /// Reads the whole file at `url`, refusing anything that could block or never end.
    ///
    /// After following links the path must name a regular file of at most `maxBytes` bytes
    /// (checked before reading, so FIFOs, `/dev/zero` and folders are refused without a read).
    /// At most `maxBytes + 1` bytes are ever read, so a file that grows meanwhile, or one that
    /// reports a size of 0 as /proc files do, is still refused. Throws `FileReadError`.
    public static func read(_ url: URL, maxBytes: Int) throws -> Data {
        let path = url.standardizedFileURL.path
        let limit = max(0, maxBytes)
        // stat before open: opening a FIFO without a writer blocks, and opening a device
        // can have side effects (a tape rewinds).
        do {
            try checkReadable(try FileStatus.of(path: path), path: path, limit: limit)
        } catch let error as SystemError {
            throw readError(error, path: path)
        }
        let descriptor = SystemCall.retryingOnInterrupt {
            open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        }
        guard descriptor >= 0 else { throw readError(.current, path: path) }
        defer { close(descriptor) }
        // The path may have been swapped between stat and open: check what was opened.
        do {
            try checkReadable(try FileStatus.of(descriptor: descriptor), path: path, limit: limit)
        } catch let error as SystemError {
            throw readError(error, path: path)
        }
        return try readAll(descriptor, path: path, limit: limit)
    }

    private static func readAll(_ descriptor: Int32, path: String, limit: Int) throws(FileReadError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: readChunkSize)
        while data.count <= limit {
            // One byte past the limit tells a file that grew beyond it; never `limit + 1`, which
            // overflows for a limit of Int.max.
            let left = limit - data.count
            let wanted = left < chunk.count ? left + 1 : chunk.count
            let count = chunk.withUnsafeMutableBytes { buffer in
                SystemCall.retryingOnInterrupt { systemRead(descriptor, buffer.baseAddress!, wanted) }
            }
            if count < 0 { throw readError(.current, path: path) }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
        }
        throw FileReadError.tooLarge(path: path, limit: limit)
    }

    private static func checkReadable(_ status: FileStatus, path: String, limit: Int) throws(FileReadError) {
        guard status.kind == .regular else { throw .notARegularFile(path: path) }
        guard status.size <= Int64(limit) else { throw .tooLarge(path: path, limit: limit) }
    }

    private static func readError(_ error: SystemError, path: String) -> FileReadError {
        switch error.code {
        case ENOENT, ENOTDIR: .notFound(path: path)
        case EISDIR: .notARegularFile(path: path)
        default: .unreadable(path: path, reason: error.text)
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
}
