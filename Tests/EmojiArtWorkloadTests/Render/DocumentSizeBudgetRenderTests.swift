import EmojiArtCore
import EmojiArtRenderTestSupport
import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtRender

/// M5 with real pictures: documents of many emojis and a large picture, drawn at random, save
/// under 48 MB through the app's shrinker and open again with every emoji and a picture. Seconds
/// of encoding each, on a thread of its own (`onDedicatedThread`), one document at a time.
@Suite(.serialized) struct DocumentSizeBudgetRenderTests {
    /// 3,300 px of opaque noise: a PNG of about 33 MB (44 MB as base64) that no encoder makes much smaller.
    static let picture = TestImages.noisePNG(width: 3_300, height: 3_300, opaque: true)

    struct Saved: Sendable {
        var emojiCount: Int
        var encodedBytes: Int
        var fileBytes: Int
        var reopenedSameEmojis: Bool
        var reopenedPictureDecodes: Bool
    }

    @Test("any number of emojis beside a large picture saves under 48 MB and reopens (M5)", arguments: [11, 42])
    func savesUnderBudget(seed: UInt64) async throws {
        let saved = try await onDedicatedThread {
            Result { () throws -> Saved in
                var random = SeededSequence(seed: seed)
                var model = EmojiArtModel()
                model.background = .imageData(Self.picture)
                // With the picture's 44 MB of base64, 150,000 emojis or more take the document well past 48 MB.
                let emojiCount = 150_000 + Int(random.next() * 150_000)
                for index in 0..<emojiCount {
                    // Whole points, which the file keeps exactly.
                    let position = DocumentPoint(x: (random.next() * 4_000).rounded(), y: (random.next() * 4_000).rounded())
                    _ = model.addEmoji(index.isMultiple(of: 2) ? "🌳" : "🐝", at: position, size: (10 + random.next() * 190).rounded())
                }
                return try withTemporaryDirectory { directory in
                    let file = directory.appendingPathComponent("big.emojiart")
                    try DocumentFile.write(model, to: file, shrinkingImageWith: .reencoding)
                    let reopened = try DocumentFile.read(from: file)
                    return Saved(
                        emojiCount: emojiCount, encodedBytes: EmojiArtEncoder().encode(model).count,
                        fileBytes: try Data(contentsOf: file).count, reopenedSameEmojis: reopened.emojis == model.emojis,
                        reopenedPictureDecodes: reopened.background.imageData.map { (try? DecodedImage(data: $0)) != nil } ?? false)
                }
            }
        }.get()
        #expect(saved.encodedBytes > EmojiArtFormat.maxSavedBytes, "as it is, the document is \(saved.encodedBytes) bytes")
        #expect(saved.fileBytes <= EmojiArtFormat.maxSavedBytes, "\(saved.emojiCount) emojis: \(saved.fileBytes) bytes")
        #expect(saved.reopenedSameEmojis)
        #expect(saved.reopenedPictureDecodes, "still a picture")
    }
}
