import Foundation
import Testing

@testable import EmojiArtCore

/// `rotation` and `flipped` (M3): written only when set, read back, ignored by the iOS app.
@Suite struct EmojiTransformCodecTests {
    private func model(rotation: Double, flipped: Bool) -> EmojiArtModel {
        EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "🐶", position: DocumentPoint(x: 10, y: -20), size: 50, rotation: rotation, flipped: flipped)
            ], uniqueEmojiId: 1)
    }

    @Test("an upright, unflipped emoji is written exactly in the iOS shape")
    func uprightHasNoExtraKeys() throws {
        let json = String(decoding: EmojiArtEncoder().encode(model(rotation: 0, flipped: false)), as: UTF8.self)
        #expect(json.contains(#"{"id":1,"size":50,"text":"🐶","x":10,"y":-20}"#))
        #expect(!json.contains("rotation"))
        #expect(!json.contains("flipped"))
    }

    @Test(
        "rotation and flip survive a round trip",
        arguments: [
            (45.0, false), (-90.0, true), (180.0, false), (12.25, true), (0.0, true),
        ])
    func roundTrip(rotation: Double, flipped: Bool) throws {
        let original = model(rotation: rotation, flipped: flipped)
        let decoded = try EmojiArtDecoder().decode(EmojiArtEncoder().encode(original))
        #expect(decoded == original)
    }

    @Test("keys are written in sorted order, the angle as a short number")
    func writtenShape() {
        let json = String(decoding: EmojiArtEncoder().encode(model(rotation: 12.25, flipped: true)), as: UTF8.self)
        #expect(json.contains(#"{"flipped":true,"id":1,"rotation":12.25,"size":50,"#))
    }

    @Test(
        "angles read from a file are brought into −180 < r ≤ 180",
        arguments: [
            (540.0, 180.0), (-180.0, 180.0), (370.0, 10.0), (-725.5, -5.5),
        ])
    func normalizedOnRead(written: Double, expected: Double) throws {
        let json = #"{"emojis":[{"text":"🐶","rotation":\#(written)}]}"#
        #expect(try EmojiArtDecoder().decode(Data(json.utf8)).emojis.first?.rotation == expected)
    }

    @Test("a rotation or flip of the wrong type is ignored like an unknown key")
    func wrongTypesAreIgnored() throws {
        let json = #"{"emojis":[{"text":"🐶","rotation":"left","flipped":1}]}"#
        let emoji = try #require(try EmojiArtDecoder().decode(Data(json.utf8)).emojis.first)
        #expect(emoji.rotation == 0)
        #expect(!emoji.flipped)
    }

    @Test("the original app's model reads a file with rotated and flipped emojis, upright")
    func originalAppReadsTransformedEmojis() throws {
        let data = EmojiArtEncoder().encode(model(rotation: -33.5, flipped: true))
        let original = try OriginalAppModel(json: data)
        #expect(original.emojis.count == 1)
        #expect(original.emojis.first?.x == 10)
        #expect(original.emojis.first?.size == 50)
        #expect(original.uniqueEmojiId == 1)
    }
}
