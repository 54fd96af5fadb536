import EmojiArtTestSupport
import Foundation
import Testing

@testable import EmojiArtCore

/// `ImageHeader.Format`, the one list of the image formats EmojiArt shows: what the header check
/// recognises, and the media types, extensions and names the chooser, the fetcher and the
/// sentences take from it.
@Suite struct ImageFormatTests {
    @Test("each format the header check recognises has a media type, extensions and a name", arguments: ImageHeader.Format.allCases)
    func namedOutsideItsBytes(format: ImageHeader.Format) {
        #expect(format.mediaType.hasPrefix("image/"))
        #expect(!format.fileExtensions.isEmpty)
        #expect(format.fileExtensions.allSatisfy { $0 == $0.lowercased() && !$0.hasPrefix(".") && !$0.isEmpty })
        #expect(!format.name.isEmpty)
    }

    @Test("the formats are told apart by their media types and extensions")
    func distinct() {
        let formats = ImageHeader.Format.allCases
        #expect(Set(formats.map(\.mediaType)).count == formats.count)
        let extensions = formats.flatMap(\.fileExtensions)
        #expect(Set(extensions).count == extensions.count)
    }

    /// The refusals are whole sentences for the translators, so they spell the names out; this
    /// keeps them naming every format of the list.
    @Test("the sentences that refuse an image name every accepted format")
    func refusalsNameTheList() throws {
        try withTemporaryDirectory { folder in
            let text = folder.appendingPathComponent("notes.png")
            try Data("not an image".utf8).write(to: text)
            let refusal = #expect(throws: RoomBackgroundError.self) {
                try RoomBackgroundRule.backgroundToShare(EmojiArtModel(background: .url(text), emojis: []))
            }
            let sentences = [try #require(refusal).description, ImageFetchError.notAnImage.description]
            for sentence in sentences {
                for format in ImageHeader.Format.allCases {
                    #expect(sentence.contains(format.name), "“\(sentence)” does not name \(format.name)")
                }
            }
        }
    }
}
