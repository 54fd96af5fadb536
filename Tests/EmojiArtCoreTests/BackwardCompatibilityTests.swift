import Foundation
import Testing

@testable import EmojiArtCore

/// The original iOS app's files must open, and what we write must keep every key they had (M4).
@Suite struct BackwardCompatibilityTests {
    static let fixtures: [(file: String, expected: EmojiArtModel)] = [
        (
            "ios-blank-background.emojiart",
            EmojiArtModel(
                background: .blank,
                emojis: [
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
                background: .imageData(
                    Data(
                        base64Encoded:
                            "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAEElEQVR4nGOQm/AfjhhwcgB9zBQdqK1TSwAAAABJRU5ErkJggg==")!),
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
        let json =
            #"{"background":{"theURL":"https://example.com/a.jpg"},"emojis":[{"text":"😀","x":-200,"y":-100,"size":80,"id":1}],"uniqueEmojiId":1}"#
        let model = try EmojiArtDecoder().decode(Data(json.utf8))
        #expect(model.background == .url(URL(string: "https://example.com/a.jpg")!))
        #expect(model.emojis == [Emoji(id: 1, text: "😀", position: DocumentPoint(x: -200, y: -100), size: 80)])
        #expect(model.uniqueEmojiId == 1)
    }

    @Test(
        "optional keys may be left out",
        arguments: [
            (#"{"emojis":[]}"#, EmojiArtModel()),
            (#"{"background":{},"emojis":[]}"#, EmojiArtModel()),
            (
                #"{"background":null,"emojis":[{"text":"🐶"}]}"#,
                EmojiArtModel(background: .blank, emojis: [Emoji(id: 1, text: "🐶", position: .zero, size: 40)])
            ),
            (
                #"{"emojis":[{"text":"🐶","x":1,"y":2,"size":3,"id":7}]}"#,
                EmojiArtModel(
                    background: .blank, emojis: [Emoji(id: 7, text: "🐶", position: DocumentPoint(x: 1, y: 2), size: 3)], uniqueEmojiId: 7)
            ),
        ])
    func toleratesMissingKeys(json: String, expected: EmojiArtModel) throws {
        #expect(try EmojiArtDecoder().decode(Data(json.utf8)) == expected)
    }
}

/// A shared document's extra keys (SPEC C6): per-emoji `cid` and `z`, top-level `collab`. Written
/// only when present; the iOS app still reads the file, and a file whose extra keys it dropped
/// opens as an ordinary document.
@Suite struct SharedDocumentFormatTests {
    static let shared = EmojiArtModel(
        background: .url(URL(string: "https://example.com/a.jpg")!),
        emojis: [
            Emoji(id: 1, text: "😀", position: DocumentPoint(x: -200, y: -100), size: 80, cid: "k3f9q2.1", z: "a0V"),
            Emoji(id: 2, text: "🐶", position: DocumentPoint(x: 5, y: 6), size: 40, rotation: 30, cid: "x7.12", z: "a1"),
        ],
        uniqueEmojiId: 2,
        collab: SharedRoom(server: "ws://relay.example:7447", room: "Qm9vbXNoYWthbGFrYQ"))

    @Test("a shared document’s keys survive a round trip")
    func roundTrip() throws {
        #expect(try EmojiArtDecoder().decode(EmojiArtEncoder().encode(Self.shared)) == Self.shared)
    }

    @Test("the keys are written in sorted order, and only when present")
    func writtenShape() {
        let json = String(decoding: EmojiArtEncoder().encode(Self.shared), as: UTF8.self)
        #expect(json.contains(#""collab":{"room":"Qm9vbXNoYWthbGFrYQ","server":"ws://relay.example:7447"},"emojis""#))
        #expect(json.contains(#"{"cid":"k3f9q2.1","id":1,"size":80,"text":"😀","x":-200,"y":-100,"z":"a0V"}"#))
        var unshared = Self.shared
        unshared.collab = nil
        let plain = String(
            decoding: EmojiArtEncoder().encode(
                EmojiArtModel(background: .blank, emojis: [Emoji(id: 1, text: "😀", position: .zero, size: 80)])), as: UTF8.self)
        #expect(!plain.contains("cid") && !plain.contains(#""z""#) && !plain.contains("collab"))
        #expect(!String(decoding: EmojiArtEncoder().encode(unshared), as: UTF8.self).contains("collab"))
    }

    @Test("the iOS app reads a shared document: every emoji, position, size, id and the background")
    func originalAppReadsSharedDocument() throws {
        let original = try OriginalAppModel(json: EmojiArtEncoder().encode(Self.shared))
        #expect(original.emojis.map(\.id) == [1, 2])
        #expect(original.emojis.map(\.text) == ["😀", "🐶"])
        #expect(original.emojis.map(\.x) == [-200, 5])
        #expect(original.emojis.map(\.size) == [80, 40])
        #expect(original.uniqueEmojiId == 2)
        guard case .url(let url) = original.background else {
            Issue.record("the iOS app read the background as \(original.background)")
            return
        }
        #expect(url.absoluteString == "https://example.com/a.jpg")
    }

    @Test("a shared document saved by the iOS app, its extra keys dropped, opens as an ordinary document")
    func droppedKeysOpenAsOrdinaryDocument() throws {
        // What the iOS app writes back: its synthesized Codable knows only its own keys.
        let original = try OriginalAppModel(json: EmojiArtEncoder().encode(Self.shared))
        let rewritten = try JSONEncoder().encode(IOSRewrite(original))
        let model = try EmojiArtDecoder().decode(rewritten)
        #expect(model.collab == nil)
        #expect(model.emojis.allSatisfy { $0.cid == nil && $0.z == nil })
        #expect(model.emojis.map(\.text) == ["😀", "🐶"])
        #expect(model.emojis.map(\.id) == [1, 2])
        // And it saves as an ordinary document: no collaboration key comes back.
        let saved = String(decoding: EmojiArtEncoder().encode(model), as: UTF8.self)
        #expect(!saved.contains("cid") && !saved.contains("collab") && !saved.contains(#""z""#))
    }

    @Test(
        "collaboration keys of the wrong shape are ignored like unknown keys",
        arguments: [
            #"{"collab":"ws://x","emojis":[{"text":"🐶","cid":7,"z":["a0"]}]}"#,
            #"{"collab":{"server":"ws://x"},"emojis":[{"text":"🐶","cid":null,"z":false}]}"#,
            #"{"collab":{"server":1,"room":"r"},"emojis":[{"text":"🐶"}]}"#,
        ])
    func wrongShapesAreIgnored(json: String) throws {
        let model = try EmojiArtDecoder().decode(Data(json.utf8))
        #expect(model.collab == nil)
        #expect(model.emojis.first?.cid == nil)
        #expect(model.emojis.first?.z == nil)
    }

    @Test("an emoji renumbered because its id was taken keeps its collaboration keys")
    func renumberedKeepsKeys() throws {
        let json = #"{"emojis":[{"text":"🐶","id":1,"cid":"a.1","z":"a0"},{"text":"🐱","id":1,"cid":"a.2","z":"a1"}]}"#
        let model = try EmojiArtDecoder().decode(Data(json.utf8))
        #expect(model.emojis.map(\.id) == [1, 2])
        #expect(model.emojis.map(\.cid) == ["a.1", "a.2"])
        #expect(model.emojis.map(\.z) == ["a0", "a1"])
    }
}

/// The iOS app's encoding of its own model: only the keys it knows.
private struct IOSRewrite: Encodable {
    struct Emoji: Encodable {
        let text: String, x: Int, y: Int, size: Int, id: Int
    }
    struct Background: Encodable {
        var theURL: URL?
        var imageData: Data?
    }
    let background: Background
    let emojis: [Emoji]
    let uniqueEmojiId: Int

    init(_ original: OriginalAppModel) {
        switch original.background {
        case .blank: background = Background()
        case .url(let url): background = Background(theURL: url)
        case .imageData(let data): background = Background(imageData: data)
        }
        emojis = original.emojis.map { Emoji(text: $0.text, x: $0.x, y: $0.y, size: $0.size, id: $0.id) }
        uniqueEmojiId = original.uniqueEmojiId
    }
}

extension SharedDocumentFormatTests {
    @Test("a cid or z given twice keeps the first string, as an unknown key would not refuse the file")
    func repeatedKeys() throws {
        let json = #"{"emojis":[{"text":"🐶","cid":"a.1","cid":"b.2","z":3,"z":"a0","z":"a1"}]}"#
        let emoji = try #require(try EmojiArtDecoder().decode(Data(json.utf8)).emojis.first)
        #expect(emoji.cid == "a.1")
        #expect(emoji.z == nil)
    }
}
