import EmojiArtCore
import Foundation
import Testing

@testable import EmojiArtCollab

/// A state decoded from a snapshot gets what applying ops gives (invariant 4): a snapshot is
/// another member's data, and may be hostile.
@Suite struct SnapshotDecodingTests {
    let ann = ClientID("ann")!
    let bob = ClientID("bob")!

    private func cid(_ counter: Int) -> CollabID { CollabID(client: ann, counter: counter) }

    /// A snapshot of one emoji as a member's replica writes it, with one field's JSON replaced.
    private func snapshot(_ field: String = "x", _ json: String = "1", background: String = #"{"value":{"blank":{}}}"#) -> Data {
        let record =
            #"{"cid":"ann.1","text":{"value":"🐶","writer":"ann"},"x":{"value":1,"writer":"ann"},"y":{"value":2,"writer":"ann"},"size":{"value":40,"writer":"ann"},"rotation":{"value":0,"writer":"ann"},"flipped":{"value":false,"writer":"ann"},"z":{"value":"a0","writer":"ann"},"deleted":{"value":false,"writer":"ann"}}"#
        let edited = record.replacingOccurrences(
            of: #""\#(field)":\{"value":("[^"]*"|[^,]*),"#,
            with: NSRegularExpression.escapedTemplate(for: #""\#(field)":{"value":\#(json),"#),
            options: .regularExpression)
        return Data(#"{"emojis":["ann.1",\#(edited)],"background":\#(background)}"#.utf8)
    }

    private func decode(_ data: Data) throws -> CollabState {
        try JSONDecoder().decode(CollabState.self, from: data)
    }

    @Test("a state a member's replica wrote reads back as itself")
    func roundTrip() throws {
        var state = CollabState()
        state.apply(
            .add(EmojiValues(cid: cid(1), text: "🐻‍❄️", x: -5, y: 7.5, size: 80, rotation: 30, flipped: true, z: ZKey("a0")!)), from: ann)
        state.apply(.add(EmojiValues(cid: cid(2), text: "☀︎", x: 0, y: 0, size: 40, z: ZKey("a1")!, deleted: true)), from: ann)
        state.apply(.background(.url("https://example.com/a.png")), from: bob)
        #expect(try decode(JSONEncoder().encode(state)) == state)
        #expect(try decode(snapshot()).emojis[cid(1)]?.x.value == 1)
    }

    @Test(
        "numbers out of range are clamped as an op's are",
        arguments: [
            ("x", "5e9", 1_000_000.0), ("y", "-5e9", -1_000_000), ("size", "0", 1), ("size", "1e9", 10_000), ("rotation", "540", 180),
        ])
    func clamped(field: String, json: String, expected: Double) throws {
        let record = try #require(try decode(snapshot(field, json)).emojis[cid(1)])
        let value: Double =
            switch field {
            case "x": record.x.value
            case "y": record.y.value
            case "size": record.size.value
            default: record.rotation.value
            }
        #expect(value == expected)
        #expect(record.x.writer == ann, "writers are kept")
    }

    @Test(
        "an emoji with a value no emoji can hold is left out, as its add would change nothing",
        arguments: [
            ("text", #""""#), ("text", #""A""#), ("text", #""hello""#), ("text", "\"\(String(repeating: "🐶", count: 100))\""),
            ("x", "1e999"), ("size", #""big""#), ("z", #""!!""#), ("z", #""A00""#), ("z", "\"\(String(repeating: "a", count: 300))\""),
            ("flipped", "1"),
        ])
    func unusable(field: String, json: String) throws {
        let state = try decode(snapshot(field, json))
        #expect(state.emojis.isEmpty)
    }

    @Test("an emoji filed under another cid, or a second time, is left out")
    func misfiled() throws {
        let record = String(
            decoding: try JSONEncoder().encode(
                EmojiRecordFixture.record(cid: cid(1), writer: ann)), as: UTF8.self)
        let other = Data(#"{"emojis":["ann.2",\#(record)],"background":{"value":{"blank":{}}}}"#.utf8)
        #expect(try decode(other).emojis.isEmpty)
        let twice = Data(
            #"{"emojis":["ann.1",\#(record),"ann.1",\#(record),"not a cid",\#(record)],"background":{"value":{"blank":{}}}}"#.utf8)
        #expect(try decode(twice).emojis.count == 1)
    }

    @Test(
        "a background no op could set is the blank one nobody wrote",
        arguments: [
            #"{"value":{"image":{"sha256":"not hex"}},"writer":"bob"}"#,
            #"{"value":{"url":{"_0":"\#(String(repeating: "a", count: 9000))"}},"writer":"bob"}"#,
            #"{"value":{"url":{"_0":"https://example.com"}},"writer":"not a client id!"}"#,
            #"{"value":{"unknown":{}}}"#,
        ])
    func background(json: String) throws {
        let state = try decode(snapshot(background: json))
        #expect(state.background == Stamped(.blank, by: nil))
        #expect(state.emojis.count == 1, "the emojis still read")
    }

    @Test(
        "what is not a state at all is refused",
        arguments: [
            "", "[]", "{}", #"{"emojis":{},"background":{"value":{"blank":{}}}}"#,
            #"{"emojis":["ann.1"],"background":{"value":{"blank":{}}}}"#,
            #"{"emojis":[]}"#,
        ])
    func notAState(json: String) {
        #expect(throws: DecodingError.self) { try decode(Data(json.utf8)) }
    }

    @Test("a decoded state applies ops as any replica does")
    func appliesOps() throws {
        var state = try decode(snapshot("size", "1e9"))
        state.apply(.set(cid: cid(1), value: .size(50)), from: bob)
        state.apply(.set(cid: cid(1), value: .text("hello")), from: bob)
        #expect(state.emojis[cid(1)]?.size == Stamped(50, by: bob))
        #expect(state.emojis[cid(1)]?.text == Stamped("🐶", by: ann), "ops are held to the same emoji rule")
    }
}

private enum EmojiRecordFixture {
    static func record(cid: CollabID, writer: ClientID) -> EmojiRecord {
        EmojiRecord(EmojiValues(cid: cid, text: "🐶", x: 1, y: 2, size: 40, z: ZKey("a0")!), by: writer)
    }
}
