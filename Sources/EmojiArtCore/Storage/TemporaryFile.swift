import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary file an atomic save writes before renaming it over the original: named
/// `.NAME.XXXXXX.tmp` in the original's folder (same file system, so the rename is atomic; hidden,
/// so a file manager does not show it mid-save; recognisable, so a stale one can be removed).
struct TemporaryFile {
    /// `mkstemps` replaces these six characters with letters and digits.
    static let randomPartLength = 6
    static let suffix = ".tmp"
    /// NAME_MAX on Linux and macOS. A long document name is shortened in the temporary name
    /// so that creating it does not fail with ENAMETOOLONG.
    static let maximumNameBytes = 255

    let path: String
    private(set) var descriptor: Int32?

    /// Creates the file with `mkstemps`: a fresh name that nobody else can have opened, mode 0600.
    init(in directory: String, for name: String) throws(SystemError) {
        let template = PathResolution.join(directory, ".\(Self.baseName(for: name)).XXXXXX\(Self.suffix)")
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer {
            mkstemps($0.baseAddress!, Int32(Self.suffix.utf8.count))
        }
        guard descriptor >= 0 else { throw .current }
        self.descriptor = descriptor
        self.path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The part of a temporary file's name that comes from `name`, the file being saved: all
    /// of it, or as much as fits in a file name beside the dots, random part and suffix.
    static func baseName(for name: String) -> String {
        let overhead = 1 + 1 + randomPartLength + suffix.utf8.count
        return prefix(of: name, maximumBytes: maximumNameBytes - overhead)
    }

    /// Whether `name` looks like one of ours: a dot, a non-empty name, a dot, six letters or
    /// digits, then `.tmp`. Anything else in a folder belongs to someone else and is left alone.
    static func isTemporaryName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        let tailLength = 1 + randomPartLength + suffix.utf8.count
        guard bytes.count > 1 + tailLength, bytes.first == UInt8(ascii: "."), name.hasSuffix(suffix) else {
            return false
        }
        let tail = bytes[(bytes.count - tailLength)...]
        guard tail.first == UInt8(ascii: ".") else { return false }
        return tail.dropFirst().prefix(randomPartLength).allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// Writes every byte: `write(2)` may write less than asked (signals, pipes, 2 GB per call on
    /// Linux), so it loops until all is written.
    func write(_ data: Data) throws(SystemError) {
        guard let descriptor else { throw SystemError(code: EBADF) }
        let failure: SystemError? = data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = SystemCall.retryingOnInterrupt {
                    Self.systemWrite(descriptor, base + offset, buffer.count - offset)
                }
                if written < 0 { return .current }
                // Zero bytes for a non-empty request would loop forever; treat it as a full disk.
                if written == 0 { return SystemError(code: ENOSPC) }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Gives the new file the old one's permissions (fchmod) and, where allowed, its owner and
    /// group: a save must not make a shared document private or change who owns it.
    func copyAttributes(from original: FileStatus?) throws(SystemError) {
        guard let descriptor else { throw SystemError(code: EBADF) }
        if let original {
            if original.owner != geteuid() || original.group != getegid() {
                // Only root may give a file away, and only group members may change its group;
                // failing here is normal and keeps the saver as the owner.
                _ = fchown(descriptor, original.owner, original.group)
            }
            guard fchmod(descriptor, original.permissions) == 0 else { throw .current }
        } else {
            guard fchmod(descriptor, 0o666 & ~ProcessUmask.current) == 0 else { throw .current }
        }
    }

    /// Readable and writable by its owner only.
    func makePrivate() throws(SystemError) {
        guard let descriptor else { throw SystemError(code: EBADF) }
        guard fchmod(descriptor, 0o600) == 0 else { throw .current }
    }

    func sync() throws(SystemError) {
        guard let descriptor else { throw SystemError(code: EBADF) }
        guard SystemCall.retryingOnInterrupt({ fsync(descriptor) }) == 0 else { throw .current }
    }

    /// Closes the descriptor. `close` can report a delayed write error (NFS), so it is checked;
    /// it is not retried on EINTR because on Linux the descriptor is gone either way.
    mutating func close() throws(SystemError) {
        guard let descriptor else { return }
        self.descriptor = nil
        #if canImport(Glibc)
        let result = Glibc.close(descriptor)
        #else
        let result = Darwin.close(descriptor)
        #endif
        guard result == 0 else { throw .current }
    }

    /// Closes and deletes the file after a failure; errors here would hide the original one.
    mutating func discard() {
        try? close()
        unlink(path)
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// The longest prefix of `name` that fits in `maximumBytes` of UTF-8 without splitting a character.
    private static func prefix(of name: String, maximumBytes: Int) -> String {
        var result = ""
        var byteCount = 0
        for character in name {
            byteCount += character.utf8.count
            if byteCount > maximumBytes { break }
            result.append(character)
        }
        return result
    }
}
