import Foundation
import Testing

@testable import EmojiArtCore

/// Emojis another program put on the clipboard (S6): held to the rules of every emoji that
/// arrives from elsewhere, all or nothing, and read in bounded chunks.
@Suite struct ClipboardEmojisTests {
    private func clipboard(_ items: String...) -> Data {
        Data(#"{"emojis":[\#(items.joined(separator: ","))]}"#.utf8)
    }

    @Test(
        "clipboard data that is not ours, or holds no emoji, is refused with its reason",
        arguments: [
            ("", ClipboardEmojisError.notEmojiArtFormat),
            ("not json", .notEmojiArtFormat),
            ("{}", .notEmojiArtFormat),
            (#"{"emojis":[{"text":"😀","x":"0","y":0,"size":40}]}"#, .notEmojiArtFormat),
            (#"{"emojis":[]}"#, .empty),
        ])
    func foreignData(json: String, refusal: ClipboardEmojisError) {
        #expect(throws: refusal) { try ClipboardEmojis(data: Data(json.utf8)) }
    }

    @Test(
        "every text must be one emoji by the rule documents' emojis meet",
        arguments: [
            "", "A", "hello", "1", "©", "⌚", "😀😀", "😀 ", String(repeating: "\u{1F3FB}", count: 100),
        ])
    func notAnEmoji(text: String) throws {
        let json = try JSONEncoder().encode(["text": text])
        let item = String(decoding: json, as: UTF8.self).dropLast() + #","x":0,"y":0,"size":40}"#
        let data = clipboard(#"{"text":"😀","x":0,"y":0,"size":40}"#, String(item))
        #expect(throws: ClipboardEmojisError.notAnEmoji(number: 2)) { try ClipboardEmojis(data: data) }
    }

    @Test(
        "an emoji a document may hold pastes, the original app's oddities included",
        arguments: [
            "😀", "1️⃣", "⌚️", "🐻‍❄️", "🇫🇷", "☀︎",
        ])
    func emojiTexts(text: String) throws {
        #expect(EmojiLimits.allowsText(text))
    }

    @Test("positions, sizes and rotations are clamped as a file's are on read")
    func clamped() throws {
        let data = clipboard(
            #"{"text":"😀","x":-1e300,"y":5e6,"size":0,"rotation":540}"#,
            #"{"text":"🌲","x":3,"y":4,"size":1e9,"rotation":-180,"flipped":false}"#)
        let pasted = try ClipboardEmojis(data: data).emojis
        let limit = EmojiArtFormat.maxCoordinateMagnitude
        #expect(pasted[0] == .init(text: "😀", x: -limit, y: limit, size: 1, rotation: 180, flipped: nil))
        #expect(pasted[1] == .init(text: "🌲", x: 3, y: 4, size: 10_000, rotation: 180, flipped: nil))
    }

    @Test("a number JSON cannot hold as a finite Double refuses the paste")
    func hugeNumbers() {
        #expect(throws: (any Error).self) { try ClipboardEmojis(data: self.clipboard(#"{"text":"😀","x":1e999,"y":0,"size":40}"#)) }
    }

    @Test("too many emojis, or too many bytes, are refused before anything is pasted")
    func tooMuch() {
        let item = #"{"text":"😀","x":0,"y":0,"size":40}"#
        let many = Data(#"{"emojis":[\#(Array(repeating: item, count: ClipboardEmojis.maximumCount + 1).joined(separator: ","))]}"#.utf8)
        #expect(throws: ClipboardEmojisError.tooMany(limit: ClipboardEmojis.maximumCount)) { try ClipboardEmojis(data: many) }
        let huge = Data(repeating: UInt8(ascii: " "), count: ClipboardEmojis.maximumBytes + 1)
        #expect(throws: ClipboardEmojisError.tooLarge(limitBytes: ClipboardEmojis.maximumBytes)) { try ClipboardEmojis(data: huge) }
    }

    @Test("every refusal is a sentence that says what happened")
    func sentences() {
        let refusals: [ClipboardEmojisError] = [
            .tooLarge(limitBytes: 16 << 20), .notEmojiArtFormat, .empty, .tooMany(limit: 3), .notAnEmoji(number: 2), .notANumber(number: 4),
        ]
        for refusal in refusals {
            #expect(refusal.description.hasPrefix("The copied emojis could not be pasted: "))
            #expect(refusal.description.hasSuffix("."))
        }
        #expect(ClipboardEmojisError.tooLarge(limitBytes: 16 << 20).description.contains("16 MB"))
        #expect(ClipboardEmojisError.notAnEmoji(number: 2).description.contains("number 2"))
    }

    @Test("a copy reads back as itself, so a round trip through the clipboard changes nothing")
    func roundTrip() throws {
        let copied = ClipboardEmojis(copying: [
            Emoji(id: 1, text: "😀", position: DocumentPoint(x: 0, y: 0), size: 40, rotation: 30, flipped: true),
            Emoji(id: 2, text: "☀︎", position: DocumentPoint(x: 100, y: 50), size: 80),
        ])
        #expect(try ClipboardEmojis(data: copied.data) == copied)
    }
}

/// The reader of another program's bytes stops as soon as they pass the limit (S6).
@Suite struct BoundedBytesTests {
    private func append(_ count: Int, to bytes: inout BoundedBytes) -> BoundedBytes.Progress {
        Array(repeating: UInt8(7), count: count).withUnsafeBytes { bytes.append($0) }
    }

    @Test("chunks up to the limit are kept; the chunk that passes it is refused and nothing is kept")
    func limit() {
        var bytes = BoundedBytes(limit: 10)
        #expect(append(4, to: &bytes) == .readMore)
        #expect(append(6, to: &bytes) == .readMore)
        #expect(bytes.data.count == 10)
        #expect(append(1, to: &bytes) == .overLimit)
        #expect(bytes.data.isEmpty)
    }

    @Test("one chunk larger than the whole limit is refused at once")
    func oneHugeChunk() {
        var bytes = BoundedBytes(limit: 10)
        #expect(append(64 * 1024, to: &bytes) == .overLimit)
    }
}
