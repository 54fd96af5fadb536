import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// M5 for the whole document: the writer shrinks the embedded image into what the emojis leave of
/// 48 MB. The shrinker here only counts bytes (Core decodes no images); Render's real one is
/// tested against real pictures in `DocumentSizeBudgetRenderTests`. Documents of 50 MB take
/// seconds to encode in a debug build, so the work runs on a thread of its own
/// (`onDedicatedThread`), never holding one of the pool's two.
@Suite(.serialized) struct DocumentSizeBudgetTests {
    /// A shrinker that returns `maxBytes` bytes and remembers the budgets it was given.
    final class CountingShrinker: @unchecked Sendable {
        // @unchecked: `budgets` is written by the one thread saving, read after it finished.
        var budgets: [Int] = []
        var shrinker: EmbeddedImageShrinker {
            EmbeddedImageShrinker { _, maxBytes in
                self.budgets.append(maxBytes)
                return Data(repeating: 0x2A, count: maxBytes)
            }
        }
    }

    /// What a save of a model to a file of its own, and the file read back, came to.
    struct Saved: Sendable {
        var encodedBytes: Int
        var fileBytes: Int
        var reopenedSameEmojis: Bool
        var reopenedImageBytes: Int?
    }

    private static func model(emojis: Int, imageBytes: Int) -> EmojiArtModel {
        var model = EmojiArtModel()
        model.background = .imageData(Data(repeating: 0x5A, count: imageBytes))
        for index in 0..<emojis {
            _ = model.addEmoji("🌳", at: DocumentPoint(x: Double(index % 1000), y: Double(index / 1000)), size: 40)
        }
        return model
    }

    /// Makes the model, saves it with `shrinker` and reads it back, on a thread of its own.
    private static func save(emojis: Int, imageBytes: Int, shrinker: EmbeddedImageShrinker?) async throws -> Saved {
        try await onDedicatedThread {
            Result {
                let model = model(emojis: emojis, imageBytes: imageBytes)
                return try withTemporaryDirectory { directory in
                    let file = directory.appendingPathComponent("document.emojiart")
                    try DocumentFile.write(model, to: file, shrinkingImageWith: shrinker)
                    let reopened = try DocumentFile.read(from: file)
                    return Saved(
                        encodedBytes: EmojiArtEncoder().encode(model).count,
                        fileBytes: try Data(contentsOf: file).count,
                        reopenedSameEmojis: reopened.emojis == model.emojis,
                        reopenedImageBytes: reopened.background.imageData?.count)
                }
            }
        }.get()
    }

    @Test("a document past 48 MB has its image shrunk into what its emojis leave; the file opens with every emoji")
    func shrinksIntoWhatIsLeft() async throws {
        let counting = CountingShrinker()
        // 35 MB of image (its base64 is 46.7 MB) and 100,000 emojis (about 6 MB): past 48 MB.
        let saved = try await Self.save(emojis: 100_000, imageBytes: EmojiArtFormat.maxEmbeddedImageBytes, shrinker: counting.shrinker)
        #expect(saved.encodedBytes > EmojiArtFormat.maxSavedBytes)
        #expect(saved.fileBytes <= EmojiArtFormat.maxSavedBytes, "\(saved.fileBytes) bytes")
        #expect(
            saved.fileBytes > EmojiArtFormat.maxSavedBytes * 98 / 100, "the image keeps all the room the emojis leave: \(saved.fileBytes)")
        #expect(saved.reopenedSameEmojis)
        #expect(counting.budgets.count == 1)
        #expect(saved.reopenedImageBytes == counting.budgets.first)
    }

    @Test("a document under 48 MB is written as it is, its image untouched")
    func smallDocumentsAreUntouched() async throws {
        let counting = CountingShrinker()
        let saved = try await Self.save(emojis: 1_000, imageBytes: 1_000_000, shrinker: counting.shrinker)
        #expect(saved.fileBytes == saved.encodedBytes && saved.reopenedSameEmojis && saved.reopenedImageBytes == 1_000_000)
        #expect(counting.budgets.isEmpty)
    }

    @Test("without a way to shrink, a document past 64 MB is refused and the file there stays; with one it is written")
    func refusesWhatWouldNotOpen() async throws {
        let outcome = await onDedicatedThread {
            Result { () throws -> (refused: Bool, kept: Bool, written: Bool) in
                let original = Self.model(emojis: 0, imageBytes: 49 * 1_048_576)  // 65.3 MB of base64
                return try withTemporaryDirectory { directory in
                    let file = directory.appendingPathComponent("huge.emojiart")
                    try Data("kept".utf8).write(to: file)
                    let refused = (try? DocumentFile.write(original, to: file)) == nil
                    let kept = try Data(contentsOf: file) == Data("kept".utf8)
                    try DocumentFile.write(original, to: file, shrinkingImageWith: CountingShrinker().shrinker)
                    return (refused, kept, try DocumentFile.read(from: file).background.imageData != nil)
                }
            }
        }
        let result = try outcome.get()
        #expect(result.refused && result.kept && result.written, "\(result)")
    }
}
