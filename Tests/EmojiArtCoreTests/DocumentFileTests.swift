import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct DocumentFileTests {
    private func sampleModel() -> EmojiArtModel {
        var model = EmojiArtModel()
        model.background = .url(URL(string: "https://example.com/sky.jpg")!)
        model.addEmoji("🐶", at: DocumentPoint(x: 10, y: -20), size: 50)
        return model
    }

    @Test("a written document reads back equal")
    func roundTrip() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("art.emojiart")
            try DocumentFile.write(sampleModel(), to: url)
            #expect(try DocumentFile.read(from: url) == sampleModel())
        }
    }

    @Test("a failed write leaves the previous file intact")
    func failedWriteKeepsOriginal() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("art.emojiart")
            try DocumentFile.write(sampleModel(), to: url)
            let before = try Data(contentsOf: url)
            // Saving "into" the file as if it were a folder must fail without touching it.
            #expect(throws: FileWriteError.self) {
                try DocumentFile.write(EmojiArtModel(), to: url.appendingPathComponent("inner.emojiart"))
            }
            #expect(try Data(contentsOf: url) == before)
            #expect(try contents(of: directory) == ["art.emojiart"])
        }
    }

    @Test("a missing file is refused with a message naming it")
    func missingFile() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("gone.emojiart")
            #expect {
                try DocumentFile.read(from: url)
            } throws: { error in
                guard let error = error as? DocumentReadError, case .fileNotReadable(.notFound) = error else { return false }
                return error.description.contains("gone.emojiart")
            }
        }
    }

    @Test("a file over the size limit is refused before it is read, with its size")
    func tooLargeFile() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("huge.emojiart")
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: UInt64(EmojiArtFormat.maxFileBytes + 1))  // sparse: no real disk use
            try handle.close()
            #expect(throws: DocumentReadError.tooLarge(file: "huge.emojiart", byteCount: EmojiArtFormat.maxFileBytes + 1)) {
                try DocumentFile.read(from: url)
            }
        }
    }

    @Test("a device such as /dev/zero is refused, not read")
    func deviceRefused() {
        #expect {
            try DocumentFile.read(from: URL(fileURLWithPath: "/dev/zero"))
        } throws: { error in
            guard case .fileNotReadable(.notARegularFile) = error as? DocumentReadError else { return false }
            return true
        }
    }

    @Test("a text file is refused as not an EmojiArt document, naming the file")
    func textFile() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("notes.txt")
            try Data("shopping list\n".utf8).write(to: url)
            #expect {
                try DocumentFile.read(from: url)
            } throws: { error in
                guard case .notJSON(let file, _, _, _) = error as? DocumentReadError else { return false }
                return file == "notes.txt"
            }
        }
    }
}
