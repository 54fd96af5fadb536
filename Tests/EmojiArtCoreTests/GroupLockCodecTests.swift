import Foundation
import Testing

@testable import EmojiArtCore

/// `group` and `locked` (R3, R4): written only when set, read back, ignored by the iOS app.
@Suite struct GroupLockCodecTests {
    private func model(group: String?, locked: Bool) -> EmojiArtModel {
        EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "🐶", position: DocumentPoint(x: 10, y: -20), size: 50, group: group, locked: locked)
            ], uniqueEmojiId: 1)
    }

    private func decodeFirst(_ json: String) throws -> Emoji {
        try #require(try EmojiArtDecoder().decode(Data(json.utf8)).emojis.first)
    }

    @Test("an emoji in no group and not locked is written exactly in the iOS shape")
    func unsetHasNoExtraKeys() {
        let json = String(decoding: EmojiArtEncoder().encode(model(group: nil, locked: false)), as: UTF8.self)
        #expect(
            json == #"{"background":{},"emojis":[{"id":1,"size":50,"text":"🐶","x":10,"y":-20}],"formatVersion":1,"uniqueEmojiId":1}"# + "\n"
        )
    }

    @Test(
        "group and lock survive a round trip",
        arguments: [
            ("k3v9q2m7x4ab", true), ("k3v9q2m7x4ab", false), (nil, true), ("a \"quoted\" \\ id", false),
        ] as [(String?, Bool)])
    func roundTrip(group: String?, locked: Bool) throws {
        let original = model(group: group, locked: locked)
        #expect(try EmojiArtDecoder().decode(EmojiArtEncoder().encode(original)) == original)
    }

    @Test("keys are written in sorted order among the other optional ones")
    func writtenShape() {
        var emoji = Emoji(id: 1, text: "🐶", position: .zero, size: 50, rotation: 90, flipped: true, cid: "ann.1", z: "a0")
        emoji.group = "g1"
        emoji.locked = true
        let json = String(decoding: EmojiArtEncoder().encode(EmojiArtModel(background: .blank, emojis: [emoji])), as: UTF8.self)
        #expect(
            json.contains(
                #"{"cid":"ann.1","flipped":true,"group":"g1","id":1,"locked":true,"rotation":90,"size":50,"text":"🐶","x":0,"y":0,"z":"a0"}"#
            ))
    }

    @Test("a group or lock of the wrong type is ignored like an unknown key")
    func wrongTypesAreIgnored() throws {
        let emoji = try decodeFirst(#"{"emojis":[{"text":"🐶","group":7,"locked":"yes"}]}"#)
        #expect(emoji.group == nil)
        #expect(!emoji.locked)
        let nulls = try decodeFirst(#"{"emojis":[{"text":"🐶","group":null,"locked":null}]}"#)
        #expect(nulls.group == nil && !nulls.locked)
    }

    @Test("a group id longer than GroupID.maxBytes, or empty, is no group; one at the limit is kept")
    func groupIDLength() throws {
        let atLimit = String(repeating: "é", count: GroupID.maxBytes / 2)
        #expect(try decodeFirst(#"{"emojis":[{"text":"🐶","group":"\#(atLimit)"}]}"#).group == atLimit)
        #expect(try decodeFirst(#"{"emojis":[{"text":"🐶","group":"\#(atLimit)e"}]}"#).group == nil)
        #expect(try decodeFirst(#"{"emojis":[{"text":"🐶","group":""}]}"#).group == nil)
    }

    @Test("a repeated key keeps its first usable value, as `cid` does")
    func repeatedKeys() throws {
        let emoji = try decodeFirst(#"{"emojis":[{"text":"🐶","group":"first","group":"second","locked":true,"locked":false}]}"#)
        #expect(emoji.group == "first")
        #expect(emoji.locked)
    }

    @Test("a group id no file can hold is not written, so the file reopens as it was read")
    func invalidGroupIsNotWritten() throws {
        let json = String(decoding: EmojiArtEncoder().encode(model(group: "", locked: false)), as: UTF8.self)
        #expect(!json.contains("group"))
    }

    @Test("the original app's model reads a file with grouped and locked emojis")
    func originalAppReadsThem() throws {
        let original = try OriginalAppModel(json: EmojiArtEncoder().encode(model(group: "k3v9q2m7x4ab", locked: true)))
        #expect(original.emojis.count == 1)
        #expect(original.emojis.first?.x == 10)
        #expect(original.emojis.first?.size == 50)
    }

    @Test("renumbering an emoji whose id was taken keeps its group and lock")
    func renumberingKeepsThem() {
        let model = EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "🐶", position: .zero, size: 40),
                Emoji(id: 1, text: "🐱", position: .zero, size: 40, group: "g", locked: true),
            ])
        #expect(model.emojis[1].id == 2)
        #expect(model.emojis[1].group == "g")
        #expect(model.emojis[1].locked)
    }
}
