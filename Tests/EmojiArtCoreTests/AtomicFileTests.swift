import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct AtomicFileTests {
    @Test("writing creates a new file with the usual permissions, not mkstemp's 0600")
    func createsNewFile() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("new.emojiart")
            try AtomicFile.write(Data("hello".utf8), to: file)
            #expect(try Data(contentsOf: file) == Data("hello".utf8))
            // A file made by plain open(2) with 0666 shows what this umask gives.
            let reference = directory.appendingPathComponent("reference")
            let descriptor = open(reference.path, O_CREAT | O_WRONLY, 0o666)
            try #require(descriptor >= 0)
            close(descriptor)
            #expect(try permissions(of: file) == permissions(of: reference))
        }
    }

    @Test("writing replaces the old contents and leaves no temporary file behind")
    func replacesContents() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("doc.emojiart")
            try AtomicFile.write(Data(repeating: 1, count: 100_000), to: file)
            try AtomicFile.write(Data("short".utf8), to: file)
            #expect(try Data(contentsOf: file) == Data("short".utf8))
            #expect(try contents(of: directory) == ["doc.emojiart"])
        }
    }

    @Test("an empty file can be written")
    func writesEmptyData() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("empty")
            try AtomicFile.write(Data("old".utf8), to: file)
            try AtomicFile.write(Data(), to: file)
            #expect(try Data(contentsOf: file).isEmpty)
        }
    }

    @Test("the replaced file keeps the old file's permissions", arguments: [0o600, 0o640, 0o664, 0o755])
    func keepsMode(mode: Int) throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("doc.emojiart")
            try Data("old".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
            try AtomicFile.write(Data("new".utf8), to: file)
            #expect(try permissions(of: file) == mode)
        }
    }

    @Test("a symlinked document stays a symlink and its target gets the new contents")
    func writesThroughSymlink() throws {
        try withTemporaryDirectory { directory in
            let realFolder = directory.appendingPathComponent("real")
            try FileManager.default.createDirectory(at: realFolder, withIntermediateDirectories: false)
            let target = realFolder.appendingPathComponent("doc.emojiart")
            try Data("old".utf8).write(to: target)
            let link = directory.appendingPathComponent("link.emojiart")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/doc.emojiart")

            try AtomicFile.write(Data("new".utf8), to: link)

            let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link.path)
            #expect(destination == "real/doc.emojiart")
            #expect(try Data(contentsOf: target) == Data("new".utf8))
            #expect(try contents(of: realFolder) == ["doc.emojiart"])
            #expect(try contents(of: directory) == ["link.emojiart", "real"])
        }
    }

    @Test("a dangling symlink is kept and the file it points to is created")
    func writesThroughDanglingSymlink() throws {
        try withTemporaryDirectory { directory in
            let link = directory.appendingPathComponent("link.emojiart")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.emojiart")
            try AtomicFile.write(Data("new".utf8), to: link)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "target.emojiart")
            #expect(try Data(contentsOf: directory.appendingPathComponent("target.emojiart")) == Data("new".utf8))
        }
    }

    @Test("a very long name still saves: the temporary name is shortened to fit")
    func longName() throws {
        try withTemporaryDirectory { directory in
            let name = String(repeating: "🐶", count: 60) + ".emojiart"  // 249 bytes of UTF-8
            let file = directory.appendingPathComponent(name)
            try AtomicFile.write(Data("x".utf8), to: file)
            #expect(try contents(of: directory) == [name])
        }
    }

    @Test("a folder in the way is refused with a readable error and left as it was")
    func directoryAsTarget() throws {
        try withTemporaryDirectory { directory in
            let folder = directory.appendingPathComponent("doc.emojiart")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let error = #expect(throws: FileWriteError.self) {
                try AtomicFile.write(Data("new".utf8), to: folder)
            }
            let thrown = try #require(error)
            #expect(thrown == .isADirectory(path: folder.path, reason: thrown.reason))
            #expect(thrown.description.hasPrefix("Couldn’t save “doc.emojiart”: a folder with that name is in the way."))
            #expect(try contents(of: directory) == ["doc.emojiart"])
        }
    }

    @Test("a missing folder is reported as such")
    func missingFolder() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("gone/doc.emojiart")
            let error = #expect(throws: FileWriteError.self) {
                try AtomicFile.write(Data("new".utf8), to: file)
            }
            let thrown = try #require(error)
            #expect(thrown == .folderNotFound(path: file.path, reason: thrown.reason))
            #expect(thrown.description.contains("doesn’t exist any more"))
        }
    }

    @Test("a device is never replaced by a file")
    func deviceAsTarget() throws {
        let error = #expect(throws: FileWriteError.self) {
            try AtomicFile.write(Data("new".utf8), to: URL(fileURLWithPath: "/dev/null"))
        }
        #expect(error == .notARegularFile(path: "/dev/null", reason: error?.reason ?? ""))
    }

    // Root may write anywhere, so a read-only folder only fails for other users; CI runs as root,
    // and UnprivilegedSaveTests (CLI) checks the same as `nobody` there.
    @Test(
        "a read-only folder fails the save and leaves the previous file intact",
        .enabled(if: geteuid() != 0, "root ignores folder permissions"))
    func readOnlyFolder() throws {
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("doc.emojiart")
            try Data("old".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.path)
            let error = #expect(throws: FileWriteError.self) {
                try AtomicFile.write(Data("new".utf8), to: file)
            }
            let thrown = try #require(error)
            #expect(thrown == .permissionDenied(path: file.path, reason: thrown.reason))
            #expect(thrown.description.contains("you don’t have permission to write in the folder"))
            #expect(try Data(contentsOf: file) == Data("old".utf8))
            #expect(try contents(of: directory) == ["doc.emojiart"])
        }
    }

    @Test(
        "each system failure becomes a sentence that says what to do",
        arguments: [
            (ENOSPC, "Couldn’t save “a.emojiart”: the disk is full. Free some space, then save again."),
            (
                EACCES,
                "Couldn’t save “a.emojiart”: you don’t have permission to write in the folder “/docs”. Use Save As to choose another folder."
            ),
            (EROFS, "Couldn’t save “a.emojiart”: the folder “/docs” is on a read-only disk. Use Save As to choose another place."),
            (ENOENT, "Couldn’t save “a.emojiart”: the folder “/docs” doesn’t exist any more. Use Save As to choose another folder."),
            (
                EIO,
                "Couldn’t save “a.emojiart”: the system reported “Input/output error”. Try again, or use Save As to save it somewhere else."
            ),
        ])
    func errorMessages(code: Int32, message: String) {
        #expect(FileWriteError(SystemError(code: code), path: "/docs/a.emojiart").description == message)
    }
}
