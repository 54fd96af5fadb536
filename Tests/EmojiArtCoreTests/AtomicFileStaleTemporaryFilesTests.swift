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

    @Test("a missing folder has nothing to remove")
    func missingFolder() throws {
        try withTemporaryDirectory { directory in
            #expect(AtomicFile.removeStaleTemporaryFiles(in: directory.appendingPathComponent("nope")).isEmpty)
        }
    }
}
