import Foundation
import Testing

@testable import EmojiArtCore

/// Inputs the fuzzers (`Fuzz/`, run by `scripts/fuzz`) found breaking a property, each kept here
/// so its bug stays fixed. The comment names the artifact the fuzzer saved.
@Suite struct FuzzRegressionTests {
    /// The largest id a file may hold: 2³¹ − 1 when these were found, 2⁶³ − 1 since SPEC M4
    /// reads ids as the original's 64-bit `Int`.
    static let largestID = EmojiArtFormat.maxEmojiID

    private func reopen(_ model: EmojiArtModel) throws -> EmojiArtModel {
        try EmojiArtDecoder().decode(EmojiArtEncoder().encode(model))
    }

    // document-crash-fe9f7eaa: an emoji with id 0 in a document whose counter was 2147483647
    // got the fresh id 2147483648, which the decoder refuses: the saved file never reopened.
    @Test("a document whose id counter is at its limit gives fresh ids that a saved file keeps")
    func freshIDAtLimit() throws {
        let json =
            #"{"emojis":[{"text":"😀","id":0},{"text":"🐶","id":\#(Self.largestID)},{"text":"🐱","id":\#(Self.largestID)}],"uniqueEmojiId":\#(Self.largestID)}"#
        let model = try EmojiArtDecoder().decode(Data(json.utf8))
        #expect(Set(model.emojis.map(\.id)).count == 3)
        #expect(model.emojis.allSatisfy { (1...Self.largestID).contains($0.id) })
        #expect(try reopen(model) == model)
    }

    // The same bug reached from the app: adding an emoji to such a document.
    @Test("adding an emoji when the counter is at its limit takes a free id, and the file reopens")
    func addingAtLimit() throws {
        var model = EmojiArtModel(
            background: .blank,
            emojis: [
                Emoji(id: 1, text: "😀", position: .zero, size: 40),
                Emoji(id: Self.largestID, text: "🐶", position: .zero, size: 40),
            ],
            uniqueEmojiId: Self.largestID)
        let added = model.addEmoji("🐱", at: .zero, size: 40)
        #expect(added.id == 2)
        #expect(model.uniqueEmojiId == Self.largestID)
        #expect(try reopen(model) == model)
    }

    // text-crash-6195676a: "😻" + U+200D (a joiner with nothing after it) counted as an emoji;
    // filtering out the text after it joined it with the next emoji into a third one, "😻‍❄️".
    @Test("an emoji ending in a dangling joiner is not one, so filtering never fuses two emojis")
    func danglingJoiner() {
        #expect(!Character("😻\u{200D}").isEmoji)
        #expect("😻\u{200D}x❄️ 😻‍❄️".uniqueEmojis == "❄️😻‍❄️")
        #expect(String.mergingEmojis("😻\u{200D}x", into: "❄️") == "❄️")
    }
}
