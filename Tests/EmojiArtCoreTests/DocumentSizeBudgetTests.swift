import EmojiArtTestSupport
import Foundation
import Testing
@testable import EmojiArtCore

/// M5 for the whole document: the writer shrinks the embedded image into what the emojis leave of
/// 48 MB. The shrinker here only counts bytes (Core decodes no images); Render's real one is
/// tested against real pictures in `DocumentSizeBudgetRenderTests`.
@Suite struct DocumentSizeBudgetTests {
    /// A shrinker that returns `maxBytes` bytes and remembers the budgets it was given.
    final class CountingShrinker: @unchecked Sendable {
        // @unchecked: the tests call it from one thread at a time.
        var budgets: [Int] = []
        var shrinker: EmbeddedImageShrinker {
            EmbeddedImageShrinker { _, maxBytes in
                self.budgets.append(maxBytes)
                return Data(repeating: 0x2A, count: maxBytes)
            }
        }
    }

    private func model(emojis: Int, imageBytes: Int) -> EmojiArtModel {
        var model = EmojiArtModel()
        model.background = .imageData(Data(repeating: 0x5A, count: imageBytes))
        for index in 0..<emojis {
            _ = model.addEmoji("🌳", at: DocumentPoint(x: Double(index % 1000), y: Double(index / 1000)), size: 40)
        }
        return model
    }

    @Test("a document past 48 MB has its image shrunk into what its emojis leave; the file opens with every emoji")
    func shrinksIntoWhatIsLeft() throws {
        let counting = CountingShrinker()
        // 35 MB of image (its base64 is 46.7 MB) and 100,000 emojis (about 6 MB): past 48 MB.
        let original = model(emojis: 100_000, imageBytes: EmojiArtFormat.maxEmbeddedImageBytes)
        #expect(EmojiArtEncoder().encode(original).count > EmojiArtFormat.maxSavedBytes)
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("big.emojiart")
            try DocumentFile.write(original, to: file, shrinkingImageWith: counting.shrinker)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            #expect(size <= EmojiArtFormat.maxSavedBytes, "\(size) bytes")
            #expect(size > EmojiArtFormat.maxSavedBytes * 98 / 100, "the image keeps all the room the emojis leave: \(size)")
            let reopened = try DocumentFile.read(from: file)
            let sameEmojis = reopened.emojis == original.emojis  // compared first: a failing #expect would diff 100,000 emojis
            #expect(sameEmojis)
            #expect(reopened.background.imageData?.count == counting.budgets.first)
        }
        #expect(counting.budgets.count == 1)
    }

    @Test("a document under 48 MB is written as it is, its image untouched")
    func smallDocumentsAreUntouched() throws {
        let counting = CountingShrinker()
        let original = model(emojis: 1_000, imageBytes: 1_000_000)
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("small.emojiart")
            try DocumentFile.write(original, to: file, shrinkingImageWith: counting.shrinker)
            #expect(try DocumentFile.read(from: file) == original)
        }
        #expect(counting.budgets.isEmpty)
    }

    @Test("without a way to shrink, a document past 64 MB is refused and the file there stays")
    func refusesWhatWouldNotOpen() throws {
        let original = model(emojis: 0, imageBytes: 49 * 1_048_576)  // 65.3 MB of base64
        try withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("huge.emojiart")
            try Data("kept".utf8).write(to: file)
            #expect(throws: FileWriteError.self) { try DocumentFile.write(original, to: file) }
            #expect(try Data(contentsOf: file) == Data("kept".utf8))
            // With a shrinker the same document is written, and opens.
            try DocumentFile.write(original, to: file, shrinkingImageWith: CountingShrinker().shrinker)
            #expect(try DocumentFile.read(from: file).background.imageData != nil)
        }
    }
}
