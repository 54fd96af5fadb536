import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct AtomicFileStaleTemporaryFilesTests {
    @Test("only leftovers named like our temporary files are removed")
    func removesOnlyOurPattern() throws {
        try withTemporaryDirectory { directory in
            let ours = [".doc.emojiart.Ab12Cd.tmp", ".palettes.json.zzzzzz.tmp", ".x.000000.tmp"]
            let others = [
                ".doc.emojiart.tmp", "doc.emojiart.Ab12Cd.tmp", ".doc.Ab1.tmp", ".doc.Ab12C!.tmp",
                "..Ab12Cd.tmp", ".hidden", "notes.tmp", ".doc.emojiart.Ab12Cd.tmp.bak", "doc.emojiart",
            ]
            for name in ours + others {
                try Data("x".utf8).write(to: directory.appendingPathComponent(name))
            }
            // A folder with our pattern is not something we made.
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(".folder.Ab12Cd.tmp"), withIntermediateDirectories: false)

            let removed = AtomicFile.removeStaleTemporaryFiles(in: directory, olderThanSeconds: 0)

            #expect(Set(removed.map(\.lastPathComponent)) == Set(ours))
            #expect(try contents(of: directory) == (others + [".folder.Ab12Cd.tmp"]).sorted())
        }
    }

    @Test("a fresh temporary file is kept: another EmojiArt process may be saving")
    func keepsFreshFiles() throws {
        try withTemporaryDirectory { directory in
            let name = ".doc.emojiart.Ab12Cd.tmp"
            try Data("x".utf8).write(to: directory.appendingPathComponent(name))
            #expect(AtomicFile.removeStaleTemporaryFiles(in: directory).isEmpty)
            #expect(try contents(of: directory) == [name])
        }
    }

    @Test("a temporary file made by a real save matches the pattern")
    func realTemporaryNameMatches() throws {
        try withTemporaryDirectory { directory in
            var temporary = try TemporaryFile(in: directory.path, for: "doc.emojiart")
            defer { temporary.discard() }
            let name = URL(fileURLWithPath: temporary.path).lastPathComponent
            #expect(name.hasPrefix(".doc.emojiart."))
            #expect(TemporaryFile.isTemporaryName(name))
        }
    }

    @Test("opening a document removes its own stale temporary files and no other document’s")
    func removesOnlyThisDocumentsFiles() throws {
        try withTemporaryDirectory { directory in
            let document = directory.appendingPathComponent("cat.emojiart")
            let mine = [".cat.emojiart.Ab12Cd.tmp", ".cat.emojiart.000000.tmp"]
            let others = [".dog.emojiart.Ab12Cd.tmp", ".cat.emojiart.x.Ab12Cd.tmp", ".cat.Ab12Cd.tmp", "cat.emojiart"]
            for name in mine + others {
                try Data("x".utf8).write(to: directory.appendingPathComponent(name))
            }
            let removed = AtomicFile.removeStaleTemporaryFiles(of: document, olderThanSeconds: 0)
            #expect(Set(removed.map(\.lastPathComponent)) == Set(mine))
            #expect(try contents(of: directory) == others.sorted())
        }
    }

    @Test("a symlinked document’s temporary files are looked for beside its target")
    func symlinkedDocument() throws {
        try withTemporaryDirectory { directory in
            let target = directory.appendingPathComponent("real")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            try Data("{}".utf8).write(to: target.appendingPathComponent("cat.emojiart"))
            let link = directory.appendingPathComponent("link.emojiart")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target.appendingPathComponent("cat.emojiart"))
            try Data("x".utf8).write(to: target.appendingPathComponent(".cat.emojiart.Ab12Cd.tmp"))
            #expect(AtomicFile.removeStaleTemporaryFiles(of: link, olderThanSeconds: 0).count == 1)
            #expect(try contents(of: target) == ["cat.emojiart"])
        }
    }

    @Test("a missing folder has nothing to remove")
    func missingFolder() throws {
        try withTemporaryDirectory { directory in
            #expect(AtomicFile.removeStaleTemporaryFiles(in: directory.appendingPathComponent("nope")).isEmpty)
        }
    }
}
