import Foundation
import Testing
@testable import EmojiArtCore

/// The original iOS app's files must open, and what we write must keep every key they had (M4).
@Suite struct BackwardCompatibilityTests {
    static let fixtures: [(file: String, expected: EmojiArtModel)] = [
        (
            "ios-blank-background.emojiart",
            EmojiArtModel(background: .blank, emojis: [
                Emoji(id: 1, text: "😀", position: DocumentPoint(x: -200, y: -100), size: 80),
                Emoji(id: 2, text: "🐻‍❄️", position: DocumentPoint(x: 150, y: 75), size: 40),
            ], uniqueEmojiId: 2)
        ),
        (
            "ios-url-background.emojiart",
            EmojiArtModel(
                background: .url(URL(string: "https://upload.wikimedia.org/wikipedia/commons/3/3c/Shaki_waterfall.jpg")!),
                emojis: [
                    Emoji(id: 1, text: "🌲", position: DocumentPoint(x: 0, y: 0), size: 60),
                    Emoji(id: 3, text: "☀️", position: DocumentPoint(x: -310, y: -240), size: 120),
                ], uniqueEmojiId: 3)
        ),
        (
            "ios-image-data-background.emojiart",
            EmojiArtModel(
                background: .imageData(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGOQm/AfjhhwcgB9zBQdqK1TSwAAAABJRU5ErkJggg==")!),
                emojis: [Emoji(id: 1, text: "🐶", position: DocumentPoint(x: 12, y: -7), size: 33)],
                uniqueEmojiId: 1)
        ),
    ]

    @Test("a file saved by the iOS app decodes to the expected model", arguments: fixtures)
    func decodesFixture(file: String, expected: EmojiArtModel) throws {
        let model = try EmojiArtDecoder().decode(FixtureFiles.data(named: file))
        #expect(model == expected)
    }

    @Test("re-encoding keeps every key and value of the iOS file", arguments: fixtures.map(\.file))
    func reencodingKeepsOriginalShape(file: String) throws {
        let original = try FixtureFiles.data(named: file)
        let reencoded = EmojiArtEncoder().encode(try EmojiArtDecoder().decode(original))
        let old = try FixtureFiles.jsonObject(original)
        let new = try FixtureFiles.jsonObject(reencoded)
        #expect(FixtureFiles.isSubset(old, of: new))
        #expect(new["formatVersion"] as? Int == EmojiArtFormat.currentVersion)
    }

    @Test("the iOS shape from SPEC M4 decodes, written out by hand")
    func specExample() throws {
        let json = #"{"background":{"theURL":"https://example.com/a.jpg"},"emojis":[{"text":"😀","x":-200,"y":-100,"size":80,"id":1}],"uniqueEmojiId":1}"#
        let model = try EmojiArtDecoder().decode(Data(json.utf8))
        #expect(model.background == .url(URL(string: "https://example.com/a.jpg")!))
        #expect(model.emojis == [Emoji(id: 1, text: "😀", position: DocumentPoint(x: -200, y: -100), size: 80)])
        #expect(model.uniqueEmojiId == 1)
    }

    @Test("optional keys may be left out", arguments: [
        (#"{"emojis":[]}"#, EmojiArtModel()),
        (#"{"background":{},"emojis":[]}"#, EmojiArtModel()),
        (#"{"background":null,"emojis":[{"text":"🐶"}]}"#,
         EmojiArtModel(background: .blank, emojis: [Emoji(id: 1, text: "🐶", position: .zero, size: 40)])),
        (#"{"emojis":[{"text":"🐶","x":1,"y":2,"size":3,"id":7}]}"#,
         EmojiArtModel(background: .blank, emojis: [Emoji(id: 7, text: "🐶", position: DocumentPoint(x: 1, y: 2), size: 3)], uniqueEmojiId: 7)),
    ])
    func toleratesMissingKeys(json: String, expected: EmojiArtModel) throws {
        #expect(try EmojiArtDecoder().decode(Data(json.utf8)) == expected)
    }
}
