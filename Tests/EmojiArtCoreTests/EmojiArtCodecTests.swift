import Foundation
import Testing

@testable import EmojiArtCore

@Suite struct EmojiArtCodecTests {
    private func decode(_ json: String) throws(DocumentReadError) -> EmojiArtModel {
        try EmojiArtDecoder(fileName: "art.emojiart").decode(Data(json.utf8))
    }

    private func decodeError(_ json: String) -> DocumentReadError? {
        do {
            _ = try decode(json)
            return nil
        } catch {
            return error
        }
    }

    @Test("a model survives encode and decode, with positions and sizes rounded to integers")
    func roundTrip() throws {
        var model = EmojiArtModel()
        model.background = .url(URL(string: "https://example.com/x y.png?imgurl=a&b=c")!)
        model.addEmoji("🐻‍❄️", at: DocumentPoint(x: -12.4, y: 7.6), size: 26.67)
        model.addEmoji("1️⃣", at: DocumentPoint(x: 1e6, y: -1e6), size: 0.2)
        let decoded = try EmojiArtDecoder().decode(EmojiArtEncoder().encode(model))
        #expect(decoded.background == model.background)
        #expect(decoded.uniqueEmojiId == 2)
        #expect(decoded.emojis.map(\.text) == ["🐻‍❄️", "1️⃣"])
        #expect(decoded.emojis.map(\.position) == [DocumentPoint(x: -12, y: 8), DocumentPoint(x: 1e6, y: -1e6)])
        #expect(decoded.emojis.map(\.size) == [27, 1])
    }

    @Test("image data survives a round trip byte for byte")
    func imageDataRoundTrip() throws {
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let model = EmojiArtModel(background: .imageData(bytes), emojis: [])
        #expect(try EmojiArtDecoder().decode(EmojiArtEncoder().encode(model)).background == .imageData(bytes))
    }

    @Test("the encoder writes the iOS shape with sorted keys, integers and unescaped slashes")
    func encodedShape() {
        var model = EmojiArtModel()
        model.background = .url(URL(string: "https://example.com/a.jpg")!)
        model.addEmoji("😀", at: DocumentPoint(x: -200.2, y: -99.5), size: 80)
        let text = String(decoding: EmojiArtEncoder().encode(model), as: UTF8.self)
        #expect(
            text
                == #"{"background":{"theURL":"https://example.com/a.jpg"},"emojis":[{"id":1,"size":80,"text":"😀","x":-200,"y":-100}],"formatVersion":1,"uniqueEmojiId":1}"#
                + "\n")
    }

    @Test("fractional numbers, escapes, whitespace and a byte order mark are accepted")
    func lenientSyntax() throws {
        let json =
            "\u{FEFF} {\n \"emojis\" : [ {\"text\":\"\\ud83d\\ude00\", \"x\": -1.5e1, \"y\": 2.25, \"size\": 26.67, \"extra\": {\"a\": [1, true, null]}} ],\n \"unknown\": \"\\\"\\n\" } \n"
        let model = try decode(json)
        #expect(model.emojis == [Emoji(id: 1, text: "😀", position: DocumentPoint(x: -15, y: 2.25), size: 26.67)])
    }

    @Test("text that is not JSON is refused with its line and column")
    func notJSON() {
        let error = decodeError("{\n  \"emojis\": [,]\n}")
        guard case .notJSON(let file, _, let line, let column) = error else {
            Issue.record("expected notJSON, got \(String(describing: error))")
            return
        }
        #expect(file == "art.emojiart")
        #expect(line == 2)
        #expect(column == 14)
        #expect(error?.description.contains("not valid JSON") == true)
    }

    @Test(
        "malformed JSON of every kind is refused as not JSON",
        arguments: [
            "", "   ", "{", "{\"emojis\":[]", "{\"emojis\":[]}}", "{emojis:[]}", "[1,2", "nul",
            "{\"emojis\":[] \"a\":1}", "{\"emojis\":[],\"x\":\"abc",
        ]
            + [
                "01", "1.", "-", "1e", "tru", "\"\\x\"", "\"\u{01}\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
                "[1,]", "{\"a\" 1}", "{\"a\":1,}", "\"\\u12\"", "+1", ".5", "NaN", "Infinity",
            ].map { #"{"emojis":[],"other":"# + $0 + "}" })
    func malformed(json: String) {
        guard case .notJSON = decodeError(json) else {
            Issue.record("expected notJSON for \(json.debugDescription), got \(String(describing: decodeError(json)))")
            return
        }
    }

    @Test("invalid UTF-8 is refused as not JSON")
    func invalidUTF8() {
        var bytes = Array(#"{"emojis":[{"text":""#.utf8)
        bytes += [0xF0, 0x28, 0x8C, 0x28]
        bytes += Array(#""}]}"#.utf8)
        let error: DocumentReadError?
        do {
            _ = try EmojiArtDecoder().decode(Data(bytes))
            error = nil
        } catch let caught {
            error = caught
        }
        guard case .notJSON(_, let reason, _, _) = error else {
            Issue.record("expected notJSON, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("UTF-8"))
    }

    @Test(
        "JSON that is not an EmojiArt document is refused with a clear message",
        arguments: [
            "[]", "42", "\"text\"", "null", "{}", #"{"background":{}}"#, #"{"Emojis":[]}"#,
        ])
    func notADocument(json: String) {
        let error = decodeError(json)
        #expect(error == .notAnEmojiArtDocument(file: "art.emojiart"))
        #expect(error?.description == "“art.emojiart” is not an EmojiArt document: it has no list of emojis.")
    }

    @Test("a newer format version is refused, naming the version")
    func newerVersion() {
        let error = decodeError(#"{"formatVersion":2,"emojis":[]}"#)
        #expect(error == .newerVersion(file: "art.emojiart", version: 2))
        #expect(error?.description.contains("newer EmojiArt") == true)
    }

    @Test(
        "values no document can have are refused",
        arguments: [
            #"{"emojis":{}}"#,
            #"{"emojis":[1]}"#,
            #"{"emojis":[{"x":1}]}"#,
            #"{"emojis":[{"text":""}]}"#,
            #"{"emojis":[{"text":7}]}"#,
            #"{"emojis":[{"text":"😀","x":"1"}]}"#,
            #"{"emojis":[{"text":"😀","x":1e400}]}"#,
            #"{"emojis":[{"text":"😀","id":1.5}]}"#,
            #"{"emojis":[{"text":"😀","x":1,"x":2}]}"#,
            #"{"emojis":[],"emojis":[]}"#,
            #"{"emojis":[],"uniqueEmojiId":"3"}"#,
            #"{"emojis":[],"formatVersion":0}"#,
            #"{"emojis":[],"background":"https://example.com"}"#,
        ])
    func invalidValues(json: String) {
        guard case .invalidValue(let file, let problem) = decodeError(json) else {
            Issue.record("expected invalidValue for \(json), got \(String(describing: decodeError(json)))")
            return
        }
        #expect(file == "art.emojiart")
        #expect(!problem.isEmpty)
    }

    @Test("a value of the wrong kind names the emoji and the field")
    func invalidValueMessage() {
        let error = decodeError(#"{"emojis":[{"text":"😀"},{"text":"🐶","size":"big"}]}"#)
        #expect(error?.description == "“art.emojiart” cannot be opened: the size of emoji number 2 is not a number.")
    }

    @Test("nesting deeper than 64 levels is refused, even in unknown keys")
    func deepNesting() {
        let deep = #"{"emojis":[],"x":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}"
        #expect(decodeError(deep) == .tooDeeplyNested(file: "art.emojiart"))
        let shallow = #"{"emojis":[],"x":"# + String(repeating: "[", count: 60) + String(repeating: "]", count: 60) + "}"
        #expect(decodeError(shallow) == nil)
        let hostile = String(repeating: "[", count: 1_000_000)
        #expect(decodeError(hostile) == .tooDeeplyNested(file: "art.emojiart"))
    }

    @Test("data over the size limit is refused before it is parsed")
    func tooLarge() {
        let data = Data(count: EmojiArtFormat.maxFileBytes + 1)
        #expect(throws: DocumentReadError.tooLarge(file: "big.emojiart", byteCount: EmojiArtFormat.maxFileBytes + 1)) {
            try EmojiArtDecoder(fileName: "big.emojiart").decode(data)
        }
    }

    @Test("duplicate and missing ids get fresh ones; a small counter is raised")
    func idRepair() throws {
        let model = try decode(#"{"emojis":[{"text":"😀","id":2},{"text":"🐶","id":2},{"text":"🐱"},{"text":"🐭","id":-4}],"uniqueEmojiId":1}"#)
        #expect(model.emojis.map(\.id) == [2, 3, 4, 5])
        #expect(model.uniqueEmojiId == 5)
    }
}
