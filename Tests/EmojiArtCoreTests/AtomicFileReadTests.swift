import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct AtomicFileReadTests {
    @Test("a file within the limit is read whole, also through a symlink")
    func readsRegularFile() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("doc.emojiart")
            let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0) })
            try bytes.write(to: file)
            let link = directory.appendingPathComponent("link")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: file.path)
            #expect(try AtomicFile.read(file, maxBytes: bytes.count) == bytes)
            #expect(try AtomicFile.read(link, maxBytes: bytes.count) == bytes)
        }
    }

    @Test("a file one byte over the limit is refused")
    func refusesTooLarge() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("big")
            try Data(count: 1_025).write(to: file)
            #expect(throws: FileReadError.tooLarge(path: file.path, limit: 1_024)) {
                try AtomicFile.read(file, maxBytes: 1_024)
            }
            let message = FileReadError.tooLarge(path: file.path, limit: 64 * 1_048_576).description
            #expect(message == "“big” can’t be opened: it is larger than 64 MB, the most EmojiArt reads.")
        }
    }

    @Test("/dev/zero is refused before anything is read")
    func refusesDevZero() {
        #expect(throws: FileReadError.notARegularFile(path: "/dev/zero")) {
            try AtomicFile.read(URL(fileURLWithPath: "/dev/zero"), maxBytes: 1_000)
        }
    }

    @Test("a FIFO is refused without blocking")
    func refusesFIFO() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory.appendingPathComponent("pipe")
            try #require(mkfifo(fifo.path, 0o600) == 0)
            #expect(throws: FileReadError.notARegularFile(path: fifo.path)) {
                try AtomicFile.read(fifo, maxBytes: 1_000)
            }
        }
    }

    @Test("a folder is refused")
    func refusesDirectory() throws {
        try withTemporaryDirectory { directory in
            #expect(throws: FileReadError.notARegularFile(path: directory.path)) {
                try AtomicFile.read(directory, maxBytes: 1_000)
            }
        }
    }

    @Test("a missing file is reported as not found")
    func missingFile() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("gone.emojiart")
            #expect(throws: FileReadError.notFound(path: file.path)) {
                try AtomicFile.read(file, maxBytes: 1_000)
            }
        }
    }

    // /proc files report a size of 0 but have content: only the read loop's cap stops them.
    @Test(
        "a file that claims to be small but is not is cut off after maxBytes + 1 bytes",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func capsWhileReading() {
        #expect(throws: FileReadError.tooLarge(path: "/proc/self/status", limit: 10)) {
            try AtomicFile.read(URL(fileURLWithPath: "/proc/self/status"), maxBytes: 10)
        }
    }
}
