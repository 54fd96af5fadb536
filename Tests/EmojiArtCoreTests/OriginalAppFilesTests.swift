import Foundation
import Testing

@testable import EmojiArtCore

/// SPEC M4, "every file the original app can write opens": the lecture-14 `EmojiArtModel`,
/// compiled on Linux, writes sizes of 0 and 12000 after pinches, ids past 2³¹ (its `Int` is 64-bit)
/// and emoji texts its `isEmoji` lets through. On read, sizes and coordinates are clamped, ids
/// are read as 64-bit integers, and any non-empty text is kept as written.
@Suite struct OriginalAppFilesTests {
    private func decode(_ json: String) throws(DocumentReadError) -> EmojiArtModel {
        try EmojiArtDecoder(fileName: "original.emojiart").decode(Data(json.utf8))
    }

    private func reopen(_ model: EmojiArtModel) throws -> EmojiArtModel {
        try EmojiArtDecoder().decode(EmojiArtEncoder().encode(model))
    }

    @Test(
        "sizes outside 1…10⁴ open clamped into it",
        arguments: [
            ("0", 1.0), ("12000", 10_000), ("-5", 1), ("0.5", 1), ("1e-320", 1), ("1e300", 10_000), ("10001", 10_000),
        ])
    func sizesClamped(written: String, opened: Double) throws {
        let model = try decode(#"{"emojis":[{"text":"😀","x":0,"y":0,"size":\#(written),"id":1}],"uniqueEmojiId":1}"#)
        #expect(model.emojis.map(\.size) == [opened])
        #expect(try reopen(model) == model)
    }

    @Test("coordinates beyond ±10⁶ open clamped into it")
    func coordinatesClamped() throws {
        let model = try decode(
            #"{"emojis":[{"text":"😀","x":1000001,"y":-1e7,"size":40,"id":1},{"text":"🐶","x":-1e308,"y":2e6,"size":40,"id":2}],"uniqueEmojiId":2}"#
        )
        #expect(model.emojis.map(\.position) == [DocumentPoint(x: 1e6, y: -1e6), DocumentPoint(x: -1e6, y: 1e6)])
        #expect(try reopen(model) == model)
    }

    @Test(
        "ids and uniqueEmojiId are 64-bit integers, read exactly",
        arguments: [
            3_000_000_000, 9_007_199_254_740_993, Int.max - 1,
        ])
    func largeIDs(id: Int) throws {
        let model = try decode(#"{"emojis":[{"text":"😀","x":0,"y":0,"size":40,"id":\#(id)}],"uniqueEmojiId":\#(id)}"#)
        #expect(model.emojis.map(\.id) == [id])
        #expect(model.uniqueEmojiId == id)
        let saved = String(decoding: EmojiArtEncoder().encode(model), as: UTF8.self)
        #expect(saved.contains(#""id":\#(id)"#))
        #expect(try reopen(model) == model)
    }

    @Test("a counter at Int.max still hands out free ids, and the saved file reopens")
    func counterAtInt64Limit() throws {
        var model = try decode(
            #"{"emojis":[{"text":"😀","id":1},{"text":"🐶","id":9223372036854775807}],"uniqueEmojiId":9223372036854775807}"#)
        #expect(model.uniqueEmojiId == Int.max)
        let added = model.addEmoji("🐱", at: .zero, size: 40)
        #expect(added.id == 2)
        #expect(try reopen(model) == model)
    }

    @Test(
        "ids that no 64-bit integer holds, or that are not whole, are still refused",
        arguments: [
            #"{"emojis":[{"text":"😀","id":9223372036854775808}]}"#,
            #"{"emojis":[{"text":"😀","id":-9223372036854775809}]}"#,
            #"{"emojis":[{"text":"😀","id":99999999999999999999999}]}"#,
            #"{"emojis":[{"text":"😀","id":1.5}]}"#,
            #"{"emojis":[{"text":"😀","id":1e19}]}"#,
            #"{"emojis":[],"uniqueEmojiId":-1.5}"#,
        ])
    func impossibleIDs(json: String) {
        #expect(throws: DocumentReadError.self) { try decode(json) }
    }

    @Test(
        "emoji texts the original's isEmoji let through are kept as written",
        arguments: [
            "\u{2600}\u{FE0E}", "\u{1F3FB}", "\u{1F1FA}", "1\u{FE0F}", "\u{00A9}\u{0301}", "a", "😀😀", "e\u{0301}",
        ])
    func textsKept(text: String) throws {
        let json = #"{"emojis":[{"text":"\#(jsonEscaped(text))","x":1,"y":2,"size":30,"id":1}],"uniqueEmojiId":1}"#
        let model = try decode(json)
        #expect(model.emojis.map(\.text) == [text])
        #expect(try reopen(model).emojis.map(\.text) == [text])
    }

    @Test(
        "an emoji without text or with empty text is still refused: it is not an emoji of any kind",
        arguments: [
            #"{"emojis":[{"x":1}]}"#, #"{"emojis":[{"text":""}]}"#,
        ])
    func emptyTextRefused(json: String) {
        #expect(throws: DocumentReadError.self) { try decode(json) }
    }

    // MARK: - Backgrounds

    @Test("an empty theURL is a blank background")
    func emptyURL() throws {
        #expect(try decode(#"{"background":{"theURL":""},"emojis":[]}"#).background == .blank)
    }

    @Test(
        "a relative or non-web theURL is kept as written",
        arguments: [
            "images/sky.jpg", "/Users/me/sky.jpg", "ftp://example.com/sky.jpg", "sky%20blue.jpg",
        ])
    func relativeURLKept(text: String) throws {
        let model = try decode(#"{"background":{"theURL":"\#(text)"},"emojis":[]}"#)
        #expect(model.background.url?.absoluteString == text)
        #expect(try reopen(model) == model)
    }

    @Test("a theURL that Foundation cannot parse as it stands is kept, its unsafe characters escaped")
    func unparsableURLKept() throws {
        let model = try decode(#"{"background":{"theURL":"my sky.jpg"},"emojis":[]}"#)
        #expect(model.background.url?.absoluteString == "my%20sky.jpg")
        #expect(try reopen(model) == model)
    }

    @Test("a theURL that is no URL even escaped is kept as a relative address")
    func garbageURLKept() throws {
        let model = try decode(#"{"background":{"theURL":"[::1] sky|"},"emojis":[]}"#)
        #expect(model.background.url?.absoluteString == "%5B%3A%3A1%5D%20sky%7C")
        #expect(try reopen(model) == model)
    }

    @Test("a background with both theURL and imageData uses the URL, as the original does")
    func bothURLAndImageData() throws {
        let model = try decode(#"{"background":{"imageData":"AAAA","theURL":"https://a.b/c.png"},"emojis":[]}"#)
        #expect(model.background == .url(URL(string: "https://a.b/c.png")!))
    }

    @Test(
        "a background value the original skips with try? is skipped the same way",
        arguments: [
            (#"{"theURL":5}"#, Background.blank),
            (#"{"imageData":"***"}"#, Background.blank),
            (#"{"theURL":5,"imageData":"AAAA"}"#, Background.imageData(Data([0, 0, 0]))),
            (#"{"theURL":"","imageData":"AAAA"}"#, Background.imageData(Data([0, 0, 0]))),
        ])
    func lenientBackground(json: String, expected: Background) throws {
        #expect(try decode(#"{"background":\#(json),"emojis":[]}"#).background == expected)
    }

    @Test("a relative theURL shows as a failed background: not a web address")
    func relativeURLFails() async throws {
        let url = try #require(URL(string: "images/sky.jpg"))
        await #expect(throws: ImageFetchError.notAWebAddress) {
            try await ImageFetcher.offline().fetch(url)
        }
        #expect(ImageFetchError.notAWebAddress.description.contains("not a web address"))
    }

    // MARK: - A whole file as the original wrote it

    @Test("the original's file after pinches, with large ids and odd texts, opens whole")
    func originalFixture() throws {
        let model = try EmojiArtDecoder().decode(FixtureFiles.data(named: "ios-pinched-large-ids.emojiart"))
        #expect(model.emojis.map(\.size) == [1, 10_000, 40, 30, 30, 30, 30])
        #expect(model.emojis.map(\.id) == [1, 2, 2_147_483_648, 3_000_000_000, 3_000_000_001, 3_000_000_002, 3_000_000_003])
        #expect(model.emojis.map(\.text) == ["😀", "🌲", "\u{2600}\u{FE0E}", "\u{1F3FB}", "\u{1F1FA}", "1\u{FE0F}", "\u{00A9}\u{0301}"])
        #expect(model.uniqueEmojiId == 3_000_000_003)
        #expect(model.background == .blank)
        // Re-encoding writes clamped sizes but keeps every key, every id and every text.
        let new = try FixtureFiles.jsonObject(EmojiArtEncoder().encode(model))
        let old = try FixtureFiles.jsonObject(FixtureFiles.data(named: "ios-pinched-large-ids.emojiart"))
        #expect(FixtureFiles.hasSameKeys(old, new))
        #expect((new["emojis"] as? [NSDictionary])?.compactMap { $0["text"] as? String } == model.emojis.map(\.text))
    }

    /// Every UTF-16 unit as a `\u` escape (scalars above U+FFFF as surrogate pairs, as JSON
    /// writes them), so the test input says exactly which scalars the text holds.
    private func jsonEscaped(_ text: String) -> String {
        text.utf16.map { String(format: "\\u%04x", $0) }.joined()
    }
}
